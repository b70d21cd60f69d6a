import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/**
 * The centred card of the public screens: sign-in, forgotten and changed passwords. Drawn with the
 * theme's own card and heading tokens rather than antd's Card and Typography, whose code (Card
 * with its tabs and skeleton, Typography with its editable and copyable parts) the sign-in page
 * would otherwise download before anything is shown.
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
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <section
        style={{
          width: 400,
          maxWidth: '100vw',
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Flex justify="space-between" align="center">
          <h1
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
              color: token.colorTextHeading,
            }}
          >
            {title}
          </h1>
          <LanguageSwitch />
        </Flex>
        {subtitle && <p style={{ color: token.colorTextSecondary, marginBlock: '8px 16px' }}>{subtitle}</p>}
        {children}
      </section>
    </main>
  );
}
