import { parseSort } from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router';
import type { Query } from '../api/client.ts';
import { useMe } from '../state/me.ts';
import { readListParams, totalRange } from './ResourceTable.tsx';

/** The instant a local calendar day (YYYY-MM-DD) starts; `nextDay` gives an inclusive end. */
export function dayStart(day: string | undefined, nextDay = false): string | undefined {
  const [y, m, d] = (day ?? '').split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

/**
 * A filtered list's state in the URL, as ResourceTable keeps it (page, pageSize, sort, q) plus
 * the screen's own filters: read them, change them (a filter change goes back to page 1), and
 * wire an antd Table's paging and sorting to them. `from`/`to` days become ISO instants.
 */
export function useListUrl(sortFields: readonly string[], filterNames: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const list = readListParams(params, sortFields, [], me?.pageSize ?? undefined);
  const filters = Object.fromEntries(filterNames.map((n) => [n, params.get(n) ?? undefined])) as Record<
    string,
    string | undefined
  >;
  const set = (patch: Record<string, string | number | undefined>) =>
    setParams((prev) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') prev.delete(key);
        else prev.set(key, String(value));
      }
      return prev;
    });
  const sort = parseSort(list.sort);

  return {
    params,
    list,
    filters,
    /** The API query: paging, sort, search and filters (days as instants). */
    query: {
      ...list,
      ...filters,
      from: dayStart(filters.from),
      to: dayStart(filters.to, true),
    } as Query,
    set,
    filter: (patch: Record<string, string | undefined>) => set({ ...patch, page: 1 }),
    sortOrder: (key: string) =>
      sort?.field === key ? (sort.direction === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
    onTableChange: (
      pagination: { current?: number; pageSize?: number },
      _filters: unknown,
      sorter: unknown,
    ) => {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as
        | { order?: string | null; columnKey?: unknown }
        | undefined;
      const nextSort = s?.order
        ? `${String(s.columnKey)}:${s.order === 'ascend' ? 'asc' : 'desc'}`
        : undefined;
      const pageSize = pagination.pageSize ?? list.pageSize;
      const resetPage = nextSort !== list.sort || pageSize !== list.pageSize;
      set({ sort: nextSort, pageSize, page: resetPage ? 1 : (pagination.current ?? 1) });
    },
    /** `capped`: the server counted up to a bound (`totalCapped`), shown as "1–20 of 1000+". */
    pagination: (total: number | undefined, t: TFunction, capped = false) => ({
      current: list.page,
      pageSize: list.pageSize,
      total: total ?? 0,
      pageSizeOptions: [10, 20, 50, 100],
      showSizeChanger: true,
      showTotal: (n: number, range: [number, number]) => totalRange(t, n, range, capped),
    }),
  };
}
