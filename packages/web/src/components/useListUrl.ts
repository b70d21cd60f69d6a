import { parseSort } from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router';
import type { Query } from '../api/client.ts';
import { useMe } from '../state/me.ts';
import { listChange, listPagination, readListParams } from './ResourceTable.tsx';

/** The instant a local calendar day (YYYY-MM-DD) starts; `nextDay` gives an inclusive end. */
export function dayStart(day: string | undefined, nextDay = false): string | undefined {
  const [y, m, d] = (day ?? '').split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

/**
 * A filtered list's state in the URL, as ResourceTable keeps it (page, pageSize, sort, q) plus
 * the screen's own filters: read them, change them (a filter change goes back to page 1), and
 * wire a table's paging and sorting to them. `from`/`to` days become ISO instants.
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
    onTableChange: listChange(list, set),
    /** `capped`: the server counted up to a bound (`totalCapped`), shown as "1–20 of 1000+". */
    pagination: (total: number | undefined, t: TFunction, capped = false) =>
      listPagination(list, total, t, capped),
  };
}
