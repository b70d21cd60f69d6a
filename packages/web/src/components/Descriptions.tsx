import { Children, type CSSProperties, type HTMLAttributes, isValidElement, type ReactNode } from 'react';
import './descriptions.css';

/** One label and its value; `span` columns wide, or to the row's end (`filled`). */
export interface DescriptionItem {
  key?: string | number;
  label: ReactNode;
  children?: ReactNode;
  span?: number | 'filled';
}

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

interface DescriptionsProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  items?: DescriptionItem[];
  /** `<Descriptions.Item>` children, when the items are written out. */
  children?: ReactNode;
  /** Pairs per row: a number, or per breakpoint from antd's (576, 768, 992, 1200, 1600 px). */
  column?: number | Partial<Record<Breakpoint, number>>;
  size?: 'small' | 'default';
  bordered?: boolean;
}

/** Written as `<Descriptions.Item label="…">value</Descriptions.Item>`; read by its parent. */
function Item(_: Omit<DescriptionItem, 'key'>): null {
  return null;
}

const breakpoints: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'];

/**
 * Labelled values in columns (a `<dl>`), in the look of antd's Descriptions, which it replaces
 * (2.7 KB, issue 24): labels grey with a colon, or in shaded cells when bordered; the columns set
 * per breakpoint in CSS, so nothing is measured in the browser.
 */
export function Descriptions({
  items,
  children,
  column = 3,
  size = 'default',
  bordered = false,
  className,
  style,
  ...props
}: DescriptionsProps) {
  const written = Children.toArray(children).flatMap((child, i) =>
    isValidElement<DescriptionItem>(child) && child.type === Item
      ? [{ key: child.key ?? i, ...child.props }]
      : [],
  );
  // Each breakpoint from xs up takes the nearest count set at or below it.
  const counts = typeof column === 'number' ? { xs: column } : column;
  const vars: Record<string, number> = {};
  let current = 1;
  for (const b of breakpoints) {
    current = counts[b] ?? current;
    vars[`--descriptions-${b}`] = current;
  }
  const classes = [
    'descriptions',
    bordered && 'descriptions-bordered',
    size === 'small' && 'descriptions-small',
  ];
  const all = [...(items ?? []), ...written];
  // A value that fills its row (`filled`, and the last one, as antd's) spans from its label to the
  // row's end: how many cells that is depends on where the row puts it, per breakpoint (an end
  // line alone would put it in the last column, away from its label).
  const place = Object.fromEntries(breakpoints.map((b) => [b, 0]));
  const fills = all.map((item, i) => {
    const fill: Record<string, number> = {};
    for (const b of breakpoints) {
      const columns = vars[`--descriptions-${b}`] as number;
      const at = place[b] as number;
      if (item.span === 'filled' || i === all.length - 1) {
        fill[`--descriptions-fill-${b}`] = 2 * (columns - at) - 1;
        place[b] = 0;
      } else {
        place[b] = (at + Math.min(item.span ?? 1, columns)) % columns;
      }
    }
    return item.span === 'filled' || i === all.length - 1 ? fill : undefined;
  });
  return (
    <dl
      className={[...classes, className].filter(Boolean).join(' ')}
      style={{ ...vars, ...style } as CSSProperties}
      {...props}
    >
      {all.map((item, i) => (
        <div key={item.key ?? i} className="descriptions-item">
          <dt>{item.label}</dt>
          <dd
            className={fills[i] ? 'descriptions-fill' : undefined}
            style={
              fills[i]
                ? (fills[i] as CSSProperties)
                : typeof item.span === 'number' && item.span > 1
                  ? { gridColumnEnd: `span ${item.span * 2 - 1}` }
                  : undefined
            }
          >
            {item.children}
          </dd>
        </div>
      ))}
    </dl>
  );
}
Descriptions.Item = Item;
