import { MAX_PAGE_SIZE } from '@loyalty/contracts';
import {
  type ComponentType,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type Key,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './plain.tsx';
import './dataTable.css';

// The screens' tables, in the look of antd's Table, which this replaces: antd's Table brings its
// filter menus (Tree, Menu, Dropdown) and its pagination's Select with it, ≈ 70 KB gzipped on every
// screen with a list (issue 24). The props are the part of Table's that the screens use, under
// the same names, so that a screen moves to it by its import.

export type SortOrder = 'ascend' | 'descend' | null;

export interface DataColumn<T> {
  /** Names the column in `onChange`'s sorter; defaults to `dataIndex`. */
  key?: string;
  title?: ReactNode;
  /** The row's field shown, or handed to `render`. */
  dataIndex?: string;
  // A method, so that a render that types its value (`(v: number) => …`) fits.
  render?(value: never, row: T, index: number): ReactNode;
  /** Sorted by the server: a click on the head asks for ascending, then descending, then none. */
  sorter?: boolean;
  sortOrder?: SortOrder;
  align?: 'start' | 'center' | 'end';
  /** Stays in view at the row's end (the right in English, the left in Arabic) while the table scrolls. */
  fixed?: 'end';
  width?: number | string;
  /** One line, cut with "…" (the whole text in its tooltip). */
  ellipsis?: boolean;
}

export interface DataPagination {
  current?: number;
  pageSize?: number;
  /** The server's count; without it the table pages its own rows. */
  total?: number;
  pageSizeOptions?: number[];
  showSizeChanger?: boolean;
  hideOnSinglePage?: boolean;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  onChange?: (page: number, pageSize: number) => void;
}

export interface DataSorter {
  columnKey?: string;
  order?: 'ascend' | 'descend';
}

interface DataTableProps<T> {
  columns: DataColumn<T>[];
  dataSource?: readonly T[] | undefined;
  rowKey: string | ((row: T, index: number) => Key);
  /** Lines between the cells too. */
  bordered?: boolean;
  /** The cells' padding: antd's sizes (large 16 px, middle 12 px, small 8 px). */
  size?: 'small' | 'middle' | 'large';
  loading?: boolean | { spinning?: boolean; description?: ReactNode };
  locale?: { emptyText?: ReactNode };
  pagination?: false | DataPagination;
  /** A page, page size or sort asked for (the second argument, antd's column filters, is always empty). */
  onChange?: (pagination: { current: number; pageSize: number }, filters: object, sorter: DataSorter) => void;
  onRow?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  expandable?: { expandedRowRender: (row: T) => ReactNode; rowExpandable?: (row: T) => boolean };
  rowSelection?: {
    selectedRowKeys: readonly Key[];
    onChange: (keys: Key[], rows: T[]) => void;
    getCheckboxProps?: (row: T) => InputHTMLAttributes<HTMLInputElement>;
  };
  /** A heading bar above the table. */
  title?: () => ReactNode;
  /** A row component of the screen's own (the FAQ's drag-and-drop), handed `data-row-key`. */
  components?: {
    body?: { row?: ComponentType<HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }> };
  };
  'data-testid'?: string;
}

/** The page sizes a list offers (the server's maximum last). */
export const PAGE_SIZES = [10, 20, 50, MAX_PAGE_SIZE];
const ARIA_SORT = { ascend: 'ascending', descend: 'descending' } as const;

const keyOf = <T,>(column: DataColumn<T>, index: number) => column.key ?? column.dataIndex ?? String(index);

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, dataSource = [], size = 'large', pagination, expandable, rowSelection } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<Key>>(new Set());
  const [localPage, setLocalPage] = useState({ current: 1, pageSize: 10 });
  const rowKey = (row: T, index: number): Key =>
    typeof props.rowKey === 'function' ? props.rowKey(row, index) : (row[props.rowKey as keyof T] as Key);

  // Paged by the server (a `total`) or here (the rows the table was given).
  const paged = pagination !== false && pagination !== undefined;
  const serverPaged = paged && pagination.total !== undefined;
  const pageSize = (paged && pagination.pageSize) || localPage.pageSize;
  const total = serverPaged ? (pagination.total ?? 0) : dataSource.length;
  const asked = (paged && pagination.current) || localPage.current;
  // Its own rows that shrank (a refetch) show their last page rather than an empty one.
  const current = serverPaged ? asked : Math.min(asked, Math.max(1, Math.ceil(total / pageSize)));
  const rows =
    paged && !serverPaged ? dataSource.slice((current - 1) * pageSize, current * pageSize) : dataSource;

  const change = (page: number, nextSize: number, sorter: DataSorter) => {
    if (paged && !pagination.current) setLocalPage({ current: page, pageSize: nextSize });
    if (paged) pagination.onChange?.(page, nextSize);
    props.onChange?.({ current: page, pageSize: nextSize }, {}, sorter);
  };
  const sortedColumn = columns.find((c) => c.sortOrder);
  const currentSorter: DataSorter = sortedColumn?.sortOrder
    ? { columnKey: keyOf(sortedColumn, columns.indexOf(sortedColumn)), order: sortedColumn.sortOrder }
    : {};
  const sortBy = (column: DataColumn<T>, index: number) => {
    const order =
      column.sortOrder === 'ascend' ? 'descend' : column.sortOrder === 'descend' ? undefined : 'ascend';
    change(current, pageSize, order ? { columnKey: keyOf(column, index), order } : {});
  };

  const spinning =
    typeof props.loading === 'object' ? props.loading.spinning === true : props.loading === true;
  const description = typeof props.loading === 'object' ? props.loading.description : undefined;
  const keyed = rows.map((row, index) => ({ row, key: rowKey(row, index) }));
  const selectable = rowSelection
    ? keyed.filter(({ row }) => !rowSelection.getCheckboxProps?.(row).disabled)
    : [];
  const selected = new Set(rowSelection?.selectedRowKeys);
  const allSelected = selectable.length > 0 && selectable.every(({ key }) => selected.has(key));
  const select = (keys: Key[]) =>
    rowSelection?.onChange(
      keys,
      dataSource.filter((row, index) => keys.includes(rowKey(row, index))),
    );
  const width = columns.length + (expandable ? 1 : 0) + (rowSelection ? 1 : 0);
  const Row = props.components?.body?.row ?? 'tr';
  const scrolls = useScrollsSideways();

  return (
    <div
      className={`data-table ${size}`}
      data-testid={props['data-testid']}
      aria-busy={spinning || undefined}
    >
      {props.title && <div className="data-table-title">{props.title()}</div>}
      <div className="data-table-box">
        <div
          ref={scrolls.ref}
          // A table whose cells, their text wrapped, are still wider than its box scrolls sideways
          // inside it rather than past the page's edge; the keyboard reaches it (WCAG 2.1.1).
          className={`data-table-scroll${scrolls.hidesEnd ? ' hides-end' : ''}`}
          onScroll={scrolls.measure}
          {...(scrolls.overflows
            ? { tabIndex: 0, role: 'region', 'aria-label': t('common.table.scrolls') }
            : {})}
        >
          <table>
            <thead>
              <tr>
                {expandable && <td className="data-table-narrow" />}
                {rowSelection && (
                  <th className="data-table-narrow">
                    <SelectAll
                      label={t('common.table.selectAll')}
                      checked={allSelected}
                      indeterminate={!allSelected && selectable.some(({ key }) => selected.has(key))}
                      disabled={selectable.length === 0}
                      onChange={(on) => {
                        const page = new Set(selectable.map(({ key }) => key));
                        const others = [...selected].filter((k) => !page.has(k));
                        select(on ? [...others, ...page] : others);
                      }}
                    />
                  </th>
                )}
                {columns.map((c, i) => (
                  <th
                    key={keyOf(c, i)}
                    className={cellClass(c)}
                    style={c.width === undefined ? undefined : { width: c.width }}
                    aria-sort={c.sortOrder ? ARIA_SORT[c.sortOrder] : undefined}
                    onClick={c.sorter ? () => sortBy(c, i) : undefined}
                  >
                    {c.sorter ? (
                      <button type="button" className="data-table-sorter">
                        <span>{c.title}</span>
                        <SortMark order={c.sortOrder ?? null} />
                      </button>
                    ) : (
                      c.title
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr className="data-table-empty">
                  <td colSpan={width}>{props.locale?.emptyText ?? t('msg.noRecordsFound')}</td>
                </tr>
              )}
              {keyed.map(({ row, key }, index) => {
                const canExpand = expandable && (expandable.rowExpandable?.(row) ?? true);
                const open = canExpand && expanded.has(key);
                const rowProps = props.onRow?.(row) ?? {};
                const checkbox = rowSelection?.getCheckboxProps?.(row) ?? {};
                return [
                  <Row
                    key={key}
                    {...rowProps}
                    data-row-key={String(key)}
                    className={
                      [rowProps.className, selected.has(key) && 'selected'].filter(Boolean).join(' ') ||
                      undefined
                    }
                  >
                    {expandable && (
                      <td className="data-table-narrow">
                        {canExpand && (
                          <button
                            type="button"
                            className={open ? 'data-table-expand open' : 'data-table-expand'}
                            aria-label={t(open ? 'common.table.collapseRow' : 'common.table.expandRow')}
                            aria-expanded={open}
                            onClick={(e) => {
                              e.stopPropagation();
                              setExpanded((prev) => {
                                const next = new Set(prev);
                                if (open) next.delete(key);
                                else next.add(key);
                                return next;
                              });
                            }}
                          />
                        )}
                      </td>
                    )}
                    {rowSelection && (
                      <td className="data-table-narrow">
                        <input
                          type="checkbox"
                          aria-label={t('common.table.selectRow')}
                          {...checkbox}
                          checked={selected.has(key)}
                          onClick={(e) => e.stopPropagation()}
                          onChange={(e) =>
                            select(
                              e.target.checked ? [...selected, key] : [...selected].filter((k) => k !== key),
                            )
                          }
                        />
                      </td>
                    )}
                    {columns.map((c, i) => {
                      const value = c.dataIndex === undefined ? undefined : row[c.dataIndex as keyof T];
                      const content = c.render ? c.render(value as never, row, index) : (value as ReactNode);
                      return (
                        <td
                          key={keyOf(c, i)}
                          className={cellClass(c)}
                          title={c.ellipsis && typeof content === 'string' ? content : undefined}
                        >
                          {content}
                        </td>
                      );
                    })}
                  </Row>,
                  open && (
                    <tr key={`${key}-expanded`} className="data-table-expanded">
                      <td colSpan={width}>{expandable.expandedRowRender(row)}</td>
                    </tr>
                  ),
                ];
              })}
            </tbody>
          </table>
        </div>
        {spinning && (
          <div className="data-table-loading">
            <Spinner large />
            {description && <div>{description}</div>}
          </div>
        )}
      </div>
      {paged && !(pagination.hideOnSinglePage && total <= pageSize) && total > 0 && (
        <Pager
          current={current}
          pageSize={pageSize}
          total={total}
          sizes={pagination.showSizeChanger ? (pagination.pageSizeOptions ?? PAGE_SIZES) : undefined}
          showTotal={pagination.showTotal}
          onChange={(page, nextSize) => change(page, nextSize, currentSorter)}
        />
      )}
    </div>
  );
}

const cellClass = <T,>(c: DataColumn<T>) =>
  [c.align && `align-${c.align}`, c.fixed && 'data-table-fixed', c.ellipsis && 'data-table-ellipsis']
    .filter(Boolean)
    .join(' ') || undefined;

function SortMark({ order }: { order: SortOrder }) {
  return (
    <span className="data-table-sort-mark">
      <svg viewBox="0 0 10 6" aria-hidden="true" className={order === 'ascend' ? 'on' : undefined}>
        <path d="M5 0l5 6H0z" />
      </svg>
      <svg viewBox="0 0 10 6" aria-hidden="true" className={order === 'descend' ? 'on' : undefined}>
        <path d="M5 6L0 0h10z" />
      </svg>
    </span>
  );
}

function SelectAll(props: {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = props.indeterminate;
  }, [props.indeterminate]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={props.label}
      checked={props.checked}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.checked)}
    />
  );
}

/** The pages: "1–20 of 245", previous, the pages near the current one, next, and the page size. */
function Pager(props: {
  current: number;
  pageSize: number;
  total: number;
  sizes: number[] | undefined;
  showTotal: DataPagination['showTotal'];
  onChange: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const { current, pageSize, total, onChange } = props;
  const last = Math.max(1, Math.ceil(total / pageSize));
  const range: [number, number] = [
    Math.min(total, (current - 1) * pageSize + 1),
    Math.min(total, current * pageSize),
  ];
  return (
    <nav className="data-table-pager" aria-label={t('common.table.pages')}>
      {props.showTotal && <span className="data-table-total">{props.showTotal(total, range)}</span>}
      <button
        type="button"
        className="data-table-page step"
        aria-label={t('common.table.previousPage')}
        disabled={current <= 1}
        onClick={() => onChange(current - 1, pageSize)}
      />
      {pagesAround(current, last).map((page, i) =>
        page === undefined ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the gaps have no other identity
          <span key={`gap-${i}`} className="data-table-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={page}
            type="button"
            className={page === current ? 'data-table-page current' : 'data-table-page'}
            aria-label={t('common.table.page', { page })}
            aria-current={page === current ? 'page' : undefined}
            onClick={() => onChange(page, pageSize)}
          >
            {page}
          </button>
        ),
      )}
      <button
        type="button"
        className="data-table-page step next"
        aria-label={t('common.table.nextPage')}
        disabled={current >= last}
        onClick={() => onChange(current + 1, pageSize)}
      />
      {props.sizes && (
        <select
          className="data-table-size"
          aria-label={t('common.table.pageSize')}
          value={pageSize}
          onChange={(e) => onChange(1, Number(e.target.value))}
        >
          {props.sizes.map((n) => (
            <option key={n} value={n}>
              {t('common.table.perPage', { size: n })}
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20: the first and last pages, two on each side of the current one, gaps between. */
export function pagesAround(current: number, last: number): (number | undefined)[] {
  const near = new Set([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) near.add(p);
  const sorted = [...near].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => {
    const before = sorted[i - 1];
    if (before === undefined || p === before + 1) return [p];
    // A gap of one page shows that page rather than "…".
    return p === before + 2 ? [before + 1, p] : [undefined, p];
  });
}

/**
 * Whether a table's scrolling box is narrower than its table, measured
 * after every render, on resizing and on scrolling: a box that scrolls must take focus so that the
 * keyboard can scroll it (axe's scrollable-region-focusable), one that does not is no tab stop.
 * `hidesEnd`: columns lie past the box's end (under the fixed actions column, which then casts a
 * shadow, as antd's fixed columns do). In Arabic `scrollLeft` runs from 0 to negative.
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [hidesEnd, setHidesEnd] = useState(false);
  const measure = useCallback(() => {
    const el = ref.current;
    const room = el ? el.scrollWidth - el.clientWidth : 0;
    setOverflows(room > 0);
    setHidesEnd(!!el && room > 1 && Math.abs(el.scrollLeft) < room - 1);
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return { ref, overflows, hidesEnd, measure };
}
