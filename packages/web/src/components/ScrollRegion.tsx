import type { ReactNode } from 'react';

/**
 * A wide table's sideways scroll, in a region the keyboard can reach and a screen reader names
 * (WCAG 2.1.1; axe's scrollable-region-focusable). Used instead of antd's `scroll.x`, which scrolls
 * an element that cannot take focus and, with row selection, keeps focusable copies of the header
 * in a hidden measuring row.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard
    <section className="scroll-region" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
