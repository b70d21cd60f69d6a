import type { CSSProperties, ReactNode } from 'react';

/**
 * A customer's or staff member's text, laid out in its own direction (`dir="auto"`): English
 * reads left to right inside the Arabic screen and Arabic right to left inside the English one.
 * A plain element on purpose: antd's typography forces the page's direction over `dir`.
 * `lines` cuts it after that many lines with an ellipsis at its end (the queue's preview).
 */
export function MessageText({
  children,
  lines,
  secondary = false,
  testId,
  dir = 'auto',
  lang,
}: {
  children: ReactNode;
  /** The text's direction when it is known (a reply in the customer's language); default: its own. */
  dir?: 'auto' | 'ltr' | 'rtl';
  /** The text's language when it is known (the customer's): read aloud in it (WCAG 3.1.2). */
  lang?: string;
  lines?: number;
  secondary?: boolean;
  testId?: string;
}) {
  const style: CSSProperties =
    lines === 1
      ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }
      : lines
        ? { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: lines, overflow: 'hidden' }
        : { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };
  return (
    <div
      dir={dir}
      lang={lang}
      data-testid={testId}
      title={lines && typeof children === 'string' ? children : undefined}
      style={{ ...style, textAlign: 'start', ...(secondary ? { opacity: 0.65 } : {}) }}
    >
      {children}
    </div>
  );
}
