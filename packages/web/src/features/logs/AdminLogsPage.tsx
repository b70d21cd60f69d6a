import {
  type AdminLog,
  type AdminLogVerify,
  adminLogSortFields,
  auditOutcomes,
  commandLabel,
  commandSummaries,
  localAuditDetail,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { ChangeDiff } from '../../components/ChangeDiff.tsx';
import { CommandName } from '../../components/CommandName.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { formatTime } from '../../components/format.tsx';
import { DayRangeFilter, SearchFilter } from '../../components/ListFilters.tsx';
import { RecordName } from '../../components/localized.tsx';
import { Panel } from '../../components/Panel.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Select } from '../../components/Select.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useListUrl } from '../../components/useListUrl.ts';
import { useLang } from '../../i18n/lang.ts';
import { useToast } from '../../state/useToast.ts';
import { AsWritten } from './AsWritten.tsx';
import { logsApi } from './api.ts';

/**
 * SystemLogs/AdminLogs: the audit trail — every write, sign-in attempt and refused access, who,
 * when (UTC), from where, the change as a diff — with filters in the URL, export (CSV, Excel) of what the
 * filters match, and a check of the hash chain.
 */
export default function AdminLogsPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const toast = useToast();
  const { filters, query, filter, sortOrder, onTableChange, pagination } = useListUrl(adminLogSortFields, [
    'actor',
    'command',
    'outcome',
    'targetType',
    'targetId',
    'approvalRequestId',
    'from',
    'to',
  ]);
  const [verify, setVerify] = useState<AdminLogVerify | undefined>();
  const [busy, setBusy] = useState<'verify' | undefined>();

  const logs = useQuery({
    queryKey: ['admin-logs', query],
    queryFn: ({ signal }) => logsApi.adminLogs(query, signal),
    placeholderData: keepPreviousData,
  });

  const act = async (what: 'verify') => {
    setBusy(what);
    try {
      setVerify(await logsApi.verify());
    } catch (e) {
      toast.error(undefined, t(`error.${e instanceof ApiError ? e.code : 'INTERNAL'}`));
    } finally {
      setBusy(undefined);
    }
  };

  const list = { filters, filter };

  return (
    <Panel>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchFilter list={list} name="q" label="logs.filters.search" width={240} />
        <SearchFilter list={list} name="actor" label="logs.filters.actor" width={180} />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('logs.filters.command')}
          placeholder={t('logs.filters.command')}
          value={filters.command}
          onChange={(command?: string) => filter({ command })}
          options={Object.keys(commandSummaries)
            .map((code) => ({ value: code, label: commandLabel(code, lang) }))
            .sort((a, b) => a.label.localeCompare(b.label, lang))}
          style={{ width: 240 }}
          popupMatchSelectWidth={false}
        />
        <Select
          allowClear
          aria-label={t('logs.filters.outcome')}
          placeholder={t('logs.filters.outcome')}
          value={filters.outcome}
          onChange={(outcome?: string) => filter({ outcome })}
          options={auditOutcomes.map((o) => ({ value: o, label: t(`logs.outcome.${o}`) }))}
          style={{ minWidth: 150 }}
        />
        <DayRangeFilter list={list} fromLabel="logs.filters.from" toLabel="logs.filters.to" width={160} />
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          <ExportButton endpoint="/api/admin/admin-logs" query={query} name="admin-logs" />
          <Button loading={busy === 'verify'} onClick={() => void act('verify')}>
            {t('logs.verify')}
          </Button>
        </Flex>
      </Flex>
      {verify && <VerifyResult result={verify} onClose={() => setVerify(undefined)} />}
      <QueryError query={logs} />
      <DataTable<AdminLog>
        data-testid="admin-logs-table"
        rowKey="id"
        size="small"
        dataSource={logs.data?.items}
        loading={{ spinning: logs.isFetching, description: t('logs.loading') }}
        locale={{ emptyText: logs.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={pagination(logs.data?.total, t)}
        onChange={onTableChange}
        expandable={{ expandedRowRender: (row) => <EntryDetail entry={row} /> }}
        columns={[
          {
            key: 'at',
            title: t('logs.fields.at'),
            sorter: true,
            sortOrder: sortOrder('at'),
            render: (_, r) => <span title={r.at}>{formatTime(r.at, lang)}</span>,
          },
          {
            key: 'actor',
            title: t('logs.fields.actor'),
            render: (_, r) => (
              <>
                {r.actorUsername}
                {r.onBehalfOf && (
                  <Typography.Text type="secondary">
                    {' '}
                    {t('logs.onBehalfOf', { maker: r.onBehalfOf })}
                  </Typography.Text>
                )}
              </>
            ),
          },
          {
            key: 'command',
            title: t('logs.fields.command'),
            render: (_, r) => <CommandName code={r.command} />,
          },
          {
            key: 'outcome',
            title: t('logs.fields.outcome'),
            render: (_, r) => <StatusTag status={r.outcome} prefix="logs.outcome" />,
          },
          {
            key: 'target',
            title: t('logs.fields.target'),
            render: (_, r) => <RecordName type={r.targetType} id={r.targetId} />,
          },
          { key: 'ip', dataIndex: 'ip', title: t('logs.fields.ip') },
          { key: 'detail', title: t('logs.fields.detail'), render: (_, r) => <Detail text={r.detail} /> },
        ]}
      />
    </Panel>
  );
}

function VerifyResult({ result, onClose }: { result: AdminLogVerify; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      data-testid="verify-result"
      closable={{ onClose }}
      style={{ marginBottom: 16 }}
      showIcon
      type={result.intact ? 'success' : 'error'}
      title={
        result.intact
          ? t('logs.chain.intact', { entries: result.entries })
          : t('logs.chain.broken', {
              seq: result.firstBroken?.seq,
              reason: t(`logs.chain.reason.${result.firstBroken?.reason}`),
            })
      }
      description={result.head && t('logs.chain.head', { seq: result.head.seq, hash: result.head.hash })}
    />
  );
}

/**
 * An entry's detail: an error code (`TIER_RANGE_OVERLAP`) as its message, the server's fixed
 * wordings ("wrong password; account locked", contracts `auditDetails`) in the user's language,
 * other text as written.
 */
function Detail({ text }: { text: string | null }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (!text) return text;
  if (/^[A-Z][A-Z0-9_]+$/.test(text))
    return <span title={text}>{t(`error.${text}`, { defaultValue: text })}</span>;
  return localAuditDetail(text, lang, (iso) => formatTime(iso, lang)) ?? <AsWritten text={text} />;
}

function EntryDetail({ entry }: { entry: AdminLog }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'at', label: t('logs.fields.atUtc'), children: entry.at },
          { key: 'visitorId', label: t('logs.fields.visitorId'), children: entry.visitorId },
          { key: 'requestId', label: t('logs.fields.requestId'), children: entry.requestId },
          {
            key: 'approvalRequestId',
            label: t('logs.fields.approvalRequestId'),
            children: entry.approvalRequestId,
          },
          { key: 'seq', label: t('logs.fields.seq'), children: entry.seq },
          {
            key: 'hash',
            label: t('logs.fields.hash'),
            children: <Typography.Text code>{entry.hash}</Typography.Text>,
          },
        ]}
      />
      {(entry.before != null || entry.after != null) && (
        <ChangeDiff before={entry.before} after={entry.after} />
      )}
    </Flex>
  );
}
