import type { Page } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/DataTable.tsx';

/** A server-paged table of one of the customer's lists. */
export function PagedTable<T extends { id: number }>({
  queryKey,
  load,
  columns,
}: {
  queryKey: unknown[];
  load: (query: { page: number; pageSize: number }, signal?: AbortSignal) => Promise<Page<T>>;
  columns: DataColumn<T>[];
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: [...queryKey, page],
    queryFn: ({ signal }) => load(page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable<T>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={query.data?.items}
      loading={query.isFetching}
      locale={{ emptyText: query.isPending ? ' ' : t('msg.noRecordsFound') }}
      pagination={{
        current: page.page,
        pageSize: page.pageSize,
        total: query.data?.total ?? 0,
        onChange: (p, size) => setPage({ page: size === page.pageSize ? p : 1, pageSize: size }),
      }}
    />
  );
}
