import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

interface TabsProps {
  items: readonly TabItem[];
  /** The tab shown, when the screen keeps it (the URL); else the first, or `defaultActiveKey`. */
  activeKey?: string;
  defaultActiveKey?: string;
  onChange?: (key: string) => void;
  /** Unmount a panel when another is shown (else a visited panel stays, hidden, with its state). */
  destroyOnHidden?: boolean;
}

/**
 * Tabs in antd's look, after WAI-ARIA's tabs pattern (the arrow keys move between the tabs, in the
 * reading direction; Home and End), under the props of antd's Tabs the screens use: antd's brings
 * its overflow menu (`Menu`, `Dropdown`) with it, 19 KB (issue 24).
 */
export function Tabs({ items, activeKey, defaultActiveKey, onChange, destroyOnHidden }: TabsProps) {
  const id = useId();
  const [own, setOwn] = useState(defaultActiveKey ?? items[0]?.key);
  const shown = items.some((i) => i.key === (activeKey ?? own)) ? (activeKey ?? own) : items[0]?.key;
  const [visited, setVisited] = useState<ReadonlySet<string | undefined>>(new Set([shown]));
  if (!visited.has(shown)) setVisited(new Set([...visited, shown]));
  const bar = useRef<HTMLDivElement>(null);

  const open = (key: string) => {
    if (activeKey === undefined) setOwn(key);
    if (key !== shown) onChange?.(key);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = items.findIndex((i) => i.key === shown);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    const next =
      step !== undefined
        ? (at + step + items.length) % items.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? items.length - 1
            : -1;
    const item = items[next];
    if (!item) return;
    e.preventDefault();
    open(item.key);
    bar.current?.querySelector<HTMLElement>(`[data-key="${item.key}"]`)?.focus();
  };

  return (
    <div className="tabs">
      <div ref={bar} role="tablist" className="tabs-bar" onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            data-key={item.key}
            aria-selected={item.key === shown}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === shown ? 0 : -1}
            className="tabs-tab"
            onClick={() => open(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) =>
        item.key === shown || (!destroyOnHidden && visited.has(item.key)) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== shown}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA's tabs: the panel is the next stop after the tab
            tabIndex={0}
            className="tabs-panel"
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
