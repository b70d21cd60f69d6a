import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A short bordered list of lines: recovery codes, the outcomes of a bulk decision, a CSV's bad
 * lines. antd deprecated its `List` in 6.6, and the successor (`Listy`) is a virtual list for long
 * feeds; these lists are a few lines, drawn with the theme's tokens.
 */
export function LineList<T>({
  items,
  render,
  maxHeight,
  'data-testid': testId,
}: {
  items: readonly T[];
  render: (item: T) => ReactNode;
  /** Scrolls past this height. */
  maxHeight?: number;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  return (
    <ul
      data-testid={testId}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        maxHeight,
        overflow: maxHeight ? 'auto' : undefined,
      }}
    >
      {items.map((item, i) => (
        <li
          // Lines have no identity of their own; the list is replaced, never reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          style={{
            padding: `${token.paddingXS}px ${token.padding}px`,
            borderBlockStart: i ? `1px solid ${token.colorSplit}` : undefined,
          }}
        >
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
