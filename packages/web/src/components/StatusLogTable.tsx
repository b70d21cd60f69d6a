import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { type DataColumn, DataTable } from './DataTable.tsx';

/** The page of rows a log's query answers. */
interface Page<T> {
  items: T[];
  total: number;
}

/**
 * A delivery log, newest first: a row of status buttons (all, then each status) over a paged
 * table; the alerts' and the webhooks' logs. `queryKey` names the query (its status and page are
 * added), so a screen refreshes it by invalidating that key.
 */
export function StatusLogTable<T extends { id: number }>({
  queryKey,
  load,
  statuses,
  statusLabel,
  allLabel,
  emptyText,
  columns,
  expandedRow,
}: {
  queryKey: readonly unknown[];
  load: (query: { page: number; pageSize: number; status?: string }, signal: AbortSignal) => Promise<Page<T>>;
  statuses: readonly string[];
  statusLabel: (status: string) => string;
  allLabel: string;
  emptyText: string;
  columns: DataColumn<T>[];
  /** What a row opens to, when rows open. */
  expandedRow?: (row: T) => ReactNode;
}) {
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [status, setStatus] = useState<string | undefined>();
  const query = useQuery({
    queryKey: [...queryKey, { status }, page],
    queryFn: ({ signal }) => load({ ...page, status }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {[undefined, ...statuses].map((s) => (
          <Button
            key={s ?? 'all'}
            type={status === s ? 'primary' : 'default'}
            size="small"
            onClick={() => {
              setStatus(s);
              setPage({ ...page, page: 1 });
            }}
          >
            {s ? statusLabel(s) : allLabel}
          </Button>
        ))}
      </Space>
      <DataTable<T>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={query.data?.items}
        loading={query.isFetching}
        {...(expandedRow ? { expandable: { expandedRowRender: expandedRow } } : {})}
        locale={{ emptyText: query.isPending ? ' ' : emptyText }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          onChange: (p, size) => setPage({ page: size === page.pageSize ? p : 1, pageSize: size }),
        }}
      />
    </>
  );
}
