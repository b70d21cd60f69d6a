import {
  type Message,
  messageChannels,
  messageCommands,
  messageResource,
  messageSortFields,
  messageStatuses,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WriteResult } from '../../../api/client.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { formatTime, Ltr } from '../../../components/format.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { ChoiceFilter, DayRangeFilter, SearchFilter } from '../../../components/ListFilters.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { fixedChoices, screenLink } from '../../../components/resource.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useListUrl } from '../../../components/useListUrl.ts';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useLang } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { useToast } from '../../../state/useToast.ts';
import { SuggestedCategory, useMessageInsights } from '../../analytics/widgets.ts';
import { AssignModal } from '../AssignModal.tsx';
import { ageOf } from '../age.ts';
import { type AssignTo, categoryChoices, categoryName, messagingApi, staffChoices } from '../api.ts';
import { MessageText } from '../MessageText.tsx';

export const statusChoices = fixedChoices(messageStatuses, 'messaging.statuses');
const channelChoices = fixedChoices(messageChannels, 'messaging.channels');
const filterNames = [
  'mine',
  'status',
  'categoryId',
  'channel',
  'assigneeId',
  'repliedById',
  'overdue',
  'from',
  'to',
] as const;

/** Assigns each conversation in turn (a role's round-robin sees the previous choice); one outcome. */
async function assignAll(ids: number[], to: AssignTo): Promise<WriteResult<number>> {
  let pending: WriteResult<number> | undefined;
  for (const id of ids) {
    const result = await messagingApi.assign(id, to);
    if (result.kind === 'pending') pending = { kind: 'pending', requestId: result.requestId };
  }
  return pending ?? { kind: 'applied', data: ids.length };
}

/**
 * The queue: search, filters and my queue in the URL, each message's age and overdue mark, bulk
 * assignment of the selected rows, and the export (CSV, Excel) of what the filters match.
 */
export function MessageQueue() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const _toast = useToast();
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  const list = useListUrl(messageSortFields, filterNames);
  const { filters, filter, query, sortOrder, onTableChange, pagination } = list;
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState(false);

  const messages = useQuery({
    queryKey: ['messages', 'list', query],
    queryFn: ({ signal }) => messagingApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const insights = useMessageInsights(messages.data?.items.map((m) => m.id) ?? []);

  const assign = async (to: AssignTo) => {
    const outcome = await report(assignAll(selected, to), {
      success: 'messaging.queue.assigned',
      failure: 'messaging.queue.assignFailed',
    });
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    if (outcome.ok) setSelected([]);
    return outcome.ok;
  };

  return (
    <Panel>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Segmented
          aria-label={t('messaging.queue.myQueue')}
          value={filters.mine === 'true' ? 'mine' : 'all'}
          onChange={(v) => filter({ mine: v === 'mine' ? 'true' : undefined })}
          options={[
            { value: 'mine', label: t('messaging.queue.myQueue') },
            { value: 'all', label: t('messaging.queue.all') },
          ]}
        />
        <SearchFilter list={list} name="q" label="messaging.queue.search" width={300} />
        <ChoiceFilter
          list={list}
          name="status"
          label="messaging.queue.filters.status"
          options={statusChoices}
          width={150}
        />
        <ChoiceFilter
          list={list}
          name="categoryId"
          label="messaging.queue.filters.category"
          options={categoryChoices(lang)}
          width={150}
        />
        <ChoiceFilter
          list={list}
          name="channel"
          label="messaging.queue.filters.channel"
          options={channelChoices}
          width={150}
        />
        <ChoiceFilter
          list={list}
          name="assigneeId"
          label="messaging.queue.filters.assignee"
          options={staffChoices}
          width={150}
        />
        <ChoiceFilter
          list={list}
          name="repliedById"
          label="messaging.queue.filters.repliedBy"
          options={staffChoices}
          width={150}
        />
        <DayRangeFilter
          list={list}
          fromLabel="messaging.queue.filters.from"
          toLabel="messaging.queue.filters.to"
        />
        <Checkbox
          checked={filters.overdue === 'true'}
          onChange={(e) => filter({ overdue: e.target.checked ? 'true' : undefined })}
        >
          {t('messaging.queue.filters.overdue')}
        </Checkbox>
        <span style={{ marginInlineStart: 'auto' }}>
          <ExportButton endpoint="/api/admin/messages" query={query} name="messages" />
        </span>
      </Flex>
      {selected.length > 0 && can(messageCommands.assign.name) && (
        <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
          <Typography.Text>{t('messaging.queue.selected', { count: selected.length })}</Typography.Text>
          <Button type="primary" onClick={() => setAssigning(true)}>
            {t('messaging.queue.assignSelected')}
          </Button>
        </Flex>
      )}
      <AssignModal open={assigning} onClose={() => setAssigning(false)} onAssign={assign} />
      <QueryError query={messages} />
      <DataTable<Message>
        data-testid="messages-table"
        rowKey="id"
        dataSource={messages.data?.items}
        loading={{ spinning: messages.isFetching, description: t('messaging.queue.loading') }}
        locale={{ emptyText: messages.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={pagination(messages.data?.total, t, messages.data?.totalCapped)}
        onChange={onTableChange}
        rowSelection={
          can(messageCommands.assign.name)
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (m) => ({
                  disabled: m.status === 'CLOSED',
                  'aria-label': t('messaging.queue.selectRow', { number: m.customerNumber }),
                }),
              }
            : undefined
        }
        columns={[
          {
            key: 'customer',
            title: t('messaging.queue.fields.customer'),
            render: (_, m) => (
              <Flex vertical>
                <Typography.Text strong>
                  <LocalText en={m.customerName} ar={m.customerNameAr} />
                </Typography.Text>
                <Typography.Text type="secondary">
                  <Ltr>{m.customerNumber}</Ltr>
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'subject',
            title: t('messaging.queue.fields.subject'),
            render: (_, m) => (
              <Flex vertical style={{ maxWidth: 280 }}>
                <Space size={4}>
                  <LangLink to={screenLink(messageResource, 'view', m.id)}>
                    {m.subject || t('messaging.queue.noSubject')}
                  </LangLink>
                  {/* The app is where most write from; e-mail is marked. */}
                  {m.channel !== 'APP' && <Tag>{t(`messaging.channels.${m.channel}`)}</Tag>}
                </Space>
                <MessageText lines={1} secondary>
                  {m.preview}
                </MessageText>
              </Flex>
            ),
          },
          {
            key: 'category',
            title: t('messaging.queue.fields.category'),
            render: (_, m) => (
              <Flex vertical gap={4} align="start">
                {categoryName(m, lang) ?? '—'}
                {m.categoryId === null && <SuggestedCategory insight={insights.get(m.id)} />}
              </Flex>
            ),
          },
          {
            key: 'status',
            title: t('messaging.queue.fields.status'),
            sorter: true,
            sortOrder: sortOrder('status'),
            render: (_, m) => <StatusTag status={m.status} prefix="messaging.statuses" />,
          },
          {
            key: 'assignee',
            title: t('messaging.queue.fields.assignee'),
            render: (_, m) =>
              m.assigneeName ? (
                <LocalText en={m.assigneeName} ar={m.assigneeNameAr} />
              ) : (
                <Typography.Text type="secondary">{t('messaging.queue.unassigned')}</Typography.Text>
              ),
          },
          {
            // The age is the time since the customer wrote: sorting it sorts by that time.
            key: 'createdAt',
            title: t('messaging.queue.fields.age'),
            sorter: true,
            sortOrder: sortOrder('createdAt'),
            render: (_, m) => (
              <Space size={4} wrap={false}>
                <Typography.Text
                  type={m.overdue ? 'danger' : undefined}
                  title={[
                    formatTime(m.createdAt, lang),
                    m.dueAt ? t('messaging.queue.dueBy', { time: formatTime(m.dueAt, lang) }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                >
                  {ageOf(m.createdAt, t)}
                </Typography.Text>
                {m.overdue && <Tag color="red">{t('messaging.queue.overdue')}</Tag>}
              </Space>
            ),
          },
        ]}
      />
    </Panel>
  );
}
