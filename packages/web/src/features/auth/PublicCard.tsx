import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/**
 * The centred card of the public screens: sign-in, forgotten and changed passwords. Plain HTML
 * and CSS (components/plain.css) in the theme's look: the sign-in page loads no antd (issue 24).
 */
export function PublicCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main className="plain public-page">
      <section className="public-card">
        <header>
          <h1>{title}</h1>
          <LanguageSwitch />
        </header>
        {subtitle && <p>{subtitle}</p>}
        {children}
      </section>
    </main>
  );
}
