import { logLevels, type SystemLog, systemLogCommands, systemLogSortFields } from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { formatTime } from '../../components/format.tsx';
import { InputNumber } from '../../components/InputNumber.tsx';
import { DayRangeFilter, SearchFilter } from '../../components/ListFilters.tsx';
import { Panel } from '../../components/Panel.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { Select } from '../../components/Select.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useListUrl } from '../../components/useListUrl.ts';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { useToast } from '../../state/useToast.ts';
import { AsWritten } from './AsWritten.tsx';
import { logsApi } from './api.ts';

/**
 * An event's text as the server wrote it (English, from pino): the events the system itself writes
 * in a fixed wording are read from the translation files (`logs.messages`, issue 54); any other
 * (an error's own message, a warning naming a record) is shown as written, marked as English.
 */
function LogMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  const known = t('logs.messages', { returnObjects: true }) as Record<string, string>;
  if (Object.hasOwn(known, text)) return <>{known[text]}</>;
  return <AsWritten text={text} />;
}

/** SystemLogs: server events (start-up, jobs, integration calls, errors), searchable, and their retention. */
export default function SystemLogsPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { filters, query, filter, sortOrder, onTableChange, pagination } = useListUrl(systemLogSortFields, [
    'level',
    'category',
    'requestId',
    'from',
    'to',
  ]);
  const logs = useQuery({
    queryKey: ['system-logs', query],
    queryFn: ({ signal }) => logsApi.systemLogs(query, signal),
    placeholderData: keepPreviousData,
  });

  const list = { filters, filter };

  return (
    <Flex vertical gap={16}>
      <Retention />
      <Panel>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <SearchFilter list={list} name="q" label="logs.filters.search" width={260} />
          <Select
            allowClear
            aria-label={t('logs.filters.level')}
            placeholder={t('logs.filters.level')}
            value={filters.level}
            onChange={(level?: string) => filter({ level })}
            options={logLevels.map((l) => ({ value: l, label: t(`logs.level.${l}`) }))}
            style={{ minWidth: 150 }}
          />
          <SearchFilter list={list} name="category" label="logs.filters.category" width={160} />
          <SearchFilter list={list} name="requestId" label="logs.filters.requestId" width={260} />
          <DayRangeFilter list={list} fromLabel="logs.filters.from" toLabel="logs.filters.to" width={160} />
          <span style={{ marginInlineStart: 'auto' }}>
            <ExportButton endpoint="/api/admin/system-logs" query={query} name="system-logs" />
          </span>
        </Flex>
        <QueryError query={logs} />
        <DataTable<SystemLog>
          data-testid="system-logs-table"
          rowKey="id"
          size="small"
          dataSource={logs.data?.items}
          loading={{ spinning: logs.isFetching, description: t('logs.loading') }}
          locale={{ emptyText: logs.isPending ? ' ' : t('msg.noRecordsFound') }}
          pagination={pagination(logs.data?.total, t)}
          onChange={onTableChange}
          expandable={{
            rowExpandable: (r) => r.context != null,
            expandedRowRender: (r) => (
              <Typography.Text code>{JSON.stringify(r.context, null, 2)}</Typography.Text>
            ),
          }}
          columns={[
            {
              key: 'at',
              title: t('logs.fields.at'),
              sorter: true,
              sortOrder: sortOrder('at'),
              render: (_, r) => <span title={r.at}>{formatTime(r.at, lang)}</span>,
            },
            {
              key: 'level',
              title: t('logs.fields.level'),
              render: (_, r) => <StatusTag status={r.level} prefix="logs.level" />,
            },
            {
              key: 'category',
              title: t('logs.fields.category'),
              render: (_, r) => t(`logs.categories.${r.category}`, { defaultValue: r.category }),
            },
            {
              key: 'message',
              title: t('logs.fields.message'),
              render: (_, r) => <LogMessage text={r.message} />,
            },
            {
              key: 'requestId',
              title: t('logs.fields.requestId'),
              render: (_, r) =>
                r.requestId && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => filter({ requestId: r.requestId ?? undefined })}
                  >
                    {r.requestId.slice(0, 8)}
                  </Button>
                ),
            },
          ]}
        />
      </Panel>
    </Flex>
  );
}

/** How long events are kept; changed by `systemLog.configure` (which may wait for approval). */
function Retention() {
  const { t } = useTranslation();
  const toast = useToast();
  const report = useWriteOutcome();
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['system-logs', 'settings'],
    queryFn: ({ signal }) => logsApi.settings(signal),
  });
  const [days, setDays] = useState<number | null>(null);
  const value = days ?? settings.data?.retentionDays ?? null;
  const editable = can(systemLogCommands.configure.name);

  const save = async () => {
    if (!value) return toast.error(t('msg.fillAllFields'));
    const outcome = await report(logsApi.saveSettings(value), {
      success: 'logs.retention.saved',
      failure: 'logs.retention.saveFailed',
    });
    if (!outcome.ok) return;
    setDays(null);
    void queryClient.invalidateQueries({ queryKey: ['system-logs', 'settings'] });
  };

  return (
    <Panel size="small">
      <Flex gap={12} align="center" wrap>
        <Typography.Text>{t('logs.retention.label')}</Typography.Text>
        <InputNumber
          aria-label={t('logs.retention.label')}
          min={1}
          max={3650}
          precision={0}
          value={value}
          disabled={!editable}
          onChange={(v) => setDays(v)}
          suffix={t('logs.retention.days')}
        />
        {editable && (
          <Button onClick={() => void save()} disabled={days === null}>
            {t('common.save')}
          </Button>
        )}
      </Flex>
    </Panel>
  );
}
