import { DEFAULT_PAGE_SIZE, parseSort } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../api/resource.ts';
import { useLangNavigate } from '../i18n/lang.ts';
import { useCan, useMe } from '../state/me.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import {
  type DataColumn,
  type DataPagination,
  type DataSorter,
  DataTable,
  PAGE_SIZES,
} from './DataTable.tsx';
import { ExportButton } from './ExportButton.tsx';
import { ltrText } from './format.tsx';
import { Input } from './Input.tsx';
import { Panel } from './Panel.tsx';
import { QueryError } from './QueryError.tsx';
import type { FilterDef, ResourceDefinition } from './resource.ts';
import { useResourceActions } from './useResourceActions.ts';

/** page / pageSize / sort / q from the URL (next to `lang`), cleaned of anything invalid. */
export function readListParams(
  params: URLSearchParams,
  sortFields: readonly string[],
  filters: readonly FilterDef[] = [],
  /** The staff's page size (UserConfigurations, from `/auth/me`) when the URL names none. */
  defaultPageSize: number = DEFAULT_PAGE_SIZE,
): ListParams {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = parseSort(params.get('sort') ?? undefined);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : defaultPageSize,
    sort: sort && sortFields.includes(sort.field) ? `${sort.field}:${sort.direction}` : undefined,
    q: params.get('q')?.trim() || undefined,
    ...Object.fromEntries(filters.flatMap((f) => (params.get(f.name) ? [[f.name, params.get(f.name)]] : []))),
  };
}

/**
 * The list screen of a resource: server-side pagination, sorting and search kept in the URL,
 * 'No records found' when empty, edit and delete per row for users allowed to, and the export
 * (CSV / Excel) of every row the search, filters and sort give.
 */
export function ResourceTable<T extends { id: number }, I extends object>({
  resource,
  title,
}: {
  resource: ResourceDefinition<T, I>;
  /** The card's title, when the list is one part of a page (a challenge's participants). */
  title?: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useLangNavigate();
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const filters = (resource.filters ?? []).filter((f) => f.permission === undefined || can(f.permission));
  const list = readListParams(params, resource.sortFields, filters, me?.pageSize ?? undefined);
  const scoped = { ...list, ...resource.scope };
  const actions = useResourceActions(resource);

  const query = useQuery({
    queryKey: [resource.key, 'list', scoped],
    queryFn: ({ signal }) => resource.api.list(scoped, signal),
    placeholderData: keepPreviousData,
  });

  const setList = (patch: Partial<ListParams>) =>
    setParams((prev) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') prev.delete(key);
        else prev.set(key, String(value));
      }
      return prev;
    });

  const sort = parseSort(list.sort);
  const totalCapped = (query.data as { totalCapped?: boolean } | undefined)?.totalCapped === true;
  const allowed = (permission: string | undefined) => permission !== undefined && can(permission);
  const canEdit = allowed(resource.permissions.update);
  const canDelete = resource.permissions.delete !== undefined && can(resource.permissions.delete);

  const columns: DataColumn<T>[] = resource.columns.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: t(c.label),
    sorter: resource.sortFields.includes(c.key),
    sortOrder: sort?.field === c.key ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null,
    ...(c.render && { render: (_: never, row: T) => c.render?.(row) }),
  }));
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      // Stays in view at the end of the row (the right in English, the left in Arabic) while a
      // wide table scrolls.
      fixed: 'end',
      render: (_: unknown, row: T) => (
        <Space>
          {canEdit && (
            <Button type="link" size="small" onClick={() => navigate(resource.paths.edit(row.id))}>
              {t('common.edit')}
            </Button>
          )}
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => actions.confirmDelete(row)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <Panel title={title}>
      <Flex justify="space-between" gap={16} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={list.q ?? ''}
          defaultValue={list.q}
          allowClear
          placeholder={t(resource.messages.search)}
          aria-label={t(resource.messages.search)}
          onSearch={(q) => setList({ q: q.trim(), page: 1 })}
          style={{ maxWidth: 360 }}
        />
        {filters.map((f) => (
          <ChoiceSelect
            key={f.name}
            asText
            options={f.options}
            placeholder={t(f.label)}
            aria-label={t(f.label)}
            value={list[f.name] ?? undefined}
            onChange={(value?: string) => setList({ [f.name]: value ?? undefined, page: 1 })}
            style={{ minWidth: 160 }}
          />
        ))}
        <Space style={{ marginInlineStart: 'auto' }}>
          {resource.api.endpoint && (
            <ExportButton endpoint={resource.api.endpoint} query={scoped} name={resource.key} />
          )}
          {allowed(resource.permissions.create) && (
            <Button type="primary" onClick={() => navigate(resource.paths.create)}>
              {t('common.create')}
            </Button>
          )}
        </Space>
      </Flex>
      <QueryError query={query} />
      <DataTable<T>
        data-testid={`${resource.key}-table`}
        rowKey="id"
        // A back office reads many rows at once: the denser of antd's sizes.
        size="middle"
        columns={columns}
        dataSource={query.data?.items}
        loading={{ spinning: query.isFetching, description: t(resource.messages.loading) }}
        // No "No records found" flash before the first answer has arrived.
        locale={{ emptyText: query.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={listPagination(list, query.data?.total, t, totalCapped)}
        onChange={listChange(list, setList)}
        onRow={(row) => {
          const link = resource.rowLink?.(row);
          return link ? { onClick: () => navigate(link), style: { cursor: 'pointer' } } : {};
        }}
      />
    </Panel>
  );
}

/**
 * "1–20 of 245", or "1–20 of 1000+" when the server counted up to a bound: the bound and its plus
 * isolated left to right, so that Arabic does not show "+1000".
 */
export const totalRange = (t: TFunction, total: number, [from, to]: [number, number], capped: boolean) =>
  t('common.totalRange', { from, to, total: capped ? ltrText(`${total}+`) : total });

/**
 * A list's paging as the table shows it: the page sizes offered and "1–20 of 245", or "1–20 of
 * 1000+" when the server counted up to a bound (`capped`, lists over very large tables).
 */
export const listPagination = (
  list: ListParams,
  total: number | undefined,
  t: TFunction,
  capped: boolean,
): DataPagination => ({
  current: list.page,
  pageSize: list.pageSize,
  total: total ?? 0,
  pageSizeOptions: PAGE_SIZES,
  showSizeChanger: true,
  showTotal: (n, range) => totalRange(t, n, range, capped),
});

/**
 * The table's page, page size or sort asked for, written to the list's URL state with `set`: a new
 * sort or page size goes back to page 1.
 */
export const listChange =
  (list: ListParams, set: (patch: Partial<ListParams>) => void) =>
  (pagination: { current: number; pageSize: number }, _filters: object, s: DataSorter) => {
    const sort = s.order ? `${s.columnKey}:${s.order === 'ascend' ? 'asc' : 'desc'}` : undefined;
    const resetPage = sort !== list.sort || pagination.pageSize !== list.pageSize;
    set({ sort, pageSize: pagination.pageSize, page: resetPage ? 1 : pagination.current });
  };
