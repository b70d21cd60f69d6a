import {
  type ApprovalRequest,
  type ApprovalView,
  approvalSortFields,
  approvalStatuses,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/DataTable.tsx';
import { formatTime } from '../../components/format.tsx';
import { Input } from '../../components/Input.tsx';
import { DayRangeFilter, SearchFilter } from '../../components/ListFilters.tsx';
import { Panel } from '../../components/Panel.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Select } from '../../components/Select.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useListUrl } from '../../components/useListUrl.ts';
import { useServiceName } from '../../components/useServiceName.ts';
import { useLang } from '../../i18n/lang.ts';
import { useAppSelector } from '../../state/store.ts';
import { approvalsApi, approvalsKey } from './api.ts';
import { BulkDecision } from './BulkDecision.tsx';
import { RequestDrawer, RequestTarget } from './RequestDrawer.tsx';

const isHistory = (view: ApprovalView) => view.endsWith('history');
const isInbox = (view: ApprovalView) => view.startsWith('inbox');

/**
 * The four request screens in one: the maker's pending requests (`mine`) and decided ones
 * (`mine-history`), the checker's inbox (`inbox`, with bulk approve/reject) and what they decided
 * (`inbox-history`). Filters, paging and sorting live in the URL; `?request=<id>` opens the detail.
 */
export function RequestsScreen({ view }: { view: ApprovalView }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const serviceName = useServiceName();
  const {
    filters,
    query,
    filter,
    set,
    sortOrder: sorted,
    onTableChange,
    pagination,
    params,
  } = useListUrl(approvalSortFields, ['serviceId', 'maker', 'status', 'from', 'to']);
  const [selected, setSelected] = useState<number[]>([]);

  const requests = useQuery({
    queryKey: [approvalsKey, view, query],
    queryFn: ({ signal }) => approvalsApi.list(view, query, signal),
    placeholderData: keepPreviousData,
  });

  const columns: DataColumn<ApprovalRequest>[] = [
    { key: 'id', dataIndex: 'id', title: t('approvals.fields.id'), render: (id: number) => `#${id}` },
    {
      key: 'serviceId',
      title: t('approvals.fields.service'),
      sorter: true,
      sortOrder: sorted('serviceId'),
      render: (_, r) => serviceName(r.serviceId),
    },
    {
      key: 'target',
      title: t('approvals.fields.target'),
      render: (_, r) => <RequestTarget request={r} />,
    },
    ...(isInbox(view)
      ? [
          {
            key: 'maker',
            title: t('approvals.fields.maker'),
            render: (_: unknown, r: ApprovalRequest) => r.maker?.username,
          },
        ]
      : []),
    {
      key: 'createdAt',
      title: t('approvals.fields.createdAt'),
      sorter: true,
      sortOrder: sorted('createdAt'),
      render: (_, r) => formatTime(r.createdAt, lang),
    },
    {
      key: 'status',
      title: t('approvals.fields.status'),
      sorter: true,
      sortOrder: sorted('status'),
      render: (_, r) => <StatusTag status={r.status} prefix="approvals.status" />,
    },
    ...(isHistory(view)
      ? [
          {
            key: 'decidedAt',
            title: t('approvals.fields.decidedAt'),
            sorter: true,
            sortOrder: sorted('decidedAt'),
            render: (_: unknown, r: ApprovalRequest) => formatTime(r.decidedAt, lang),
          },
          {
            key: 'checker',
            title: t(view === 'mine-history' ? 'approvals.fields.checker' : 'approvals.fields.maker'),
            render: (_: unknown, r: ApprovalRequest) =>
              view === 'mine-history' ? r.checker?.username : r.maker?.username,
          },
        ]
      : []),
    {
      key: 'open',
      title: t('common.actions'),
      render: (_, r) => (
        <Button type="link" onClick={() => set({ request: r.id })}>
          {t('approvals.view')}
        </Button>
      ),
    },
  ];

  const openId = Number(params.get('request'));
  return (
    <Panel>
      <Flex gap={12} wrap style={{ marginBottom: 16 }} data-testid="request-filters">
        <Input.Search
          key={`q-${query.q ?? ''}`}
          defaultValue={query.q}
          allowClear
          placeholder={t('approvals.filters.search')}
          aria-label={t('approvals.filters.search')}
          onSearch={(q) => filter({ q: q.trim() })}
          style={{ maxWidth: 260 }}
        />
        <ServiceSelect value={filters.serviceId} onChange={(serviceId) => filter({ serviceId })} />
        {isInbox(view) && (
          <SearchFilter list={{ filters, filter }} name="maker" label="approvals.filters.maker" />
        )}
        {isHistory(view) && (
          <Select
            allowClear
            aria-label={t('approvals.filters.status')}
            placeholder={t('approvals.filters.status')}
            value={filters.status}
            onChange={(status?: string) => filter({ status })}
            style={{ minWidth: 160 }}
            options={approvalStatuses
              .filter((s) => s !== 'PENDING')
              .map((s) => ({ value: s, label: t(`approvals.status.${s}`) }))}
          />
        )}
        <Space>
          <DayRangeFilter
            list={{ filters, filter }}
            fromLabel="approvals.filters.from"
            toLabel="approvals.filters.to"
          />
        </Space>
      </Flex>
      {view === 'inbox' && (
        <BulkDecision
          ids={selected}
          onDone={(decided) => setSelected((ids) => ids.filter((id) => !decided.includes(id)))}
        />
      )}
      <QueryError query={requests} />
      <DataTable<ApprovalRequest>
        data-testid={`requests-${view}`}
        rowKey="id"
        columns={columns}
        dataSource={requests.data?.items}
        rowSelection={
          view === 'inbox'
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        loading={{ spinning: requests.isFetching, description: t('approvals.loading') }}
        locale={{ emptyText: requests.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={pagination(requests.data?.total, t)}
        onChange={onTableChange}
      />
      {openId > 0 && <RequestDrawer id={openId} view={view} onClose={() => set({ request: undefined })} />}
    </Panel>
  );
}

/** Services to filter by, named in the user's language. */
function ServiceSelect({ value, onChange }: { value?: string | undefined; onChange: (v?: string) => void }) {
  const { t } = useTranslation();
  const serviceName = useServiceName();
  const services = useServiceIds();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('approvals.filters.service')}
      placeholder={t('approvals.filters.service')}
      value={value}
      onChange={onChange}
      style={{ minWidth: 240 }}
      options={services.map((id) => ({ value: id, label: serviceName(id) }))}
    />
  );
}

function useServiceIds(): string[] {
  const services = useAppSelector((s) => s.makerChecker.services);
  return Object.keys(services).sort();
}
