import { type Message, messageResource, type OutboundDelivery, type Page } from '@loyalty/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/typed.ts';
import { Timestamp } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { LocalText } from '../../components/localized.tsx';
import { Panel } from '../../components/Panel.tsx';
import { screenLink } from '../../components/resource.ts';
import { StatusTag } from '../../components/StatusTag.tsx';
import { PagedTable } from './PagedTable.tsx';

const byCustomer =
  <T,>(endpoint: '/api/admin/messages' | '/api/admin/outbound-deliveries', customerId: number) =>
  (query: { page: number; pageSize: number }, signal?: AbortSignal) =>
    apiGet(endpoint, { query: { ...query, customerId }, signal }) as Promise<Page<T>>;

/**
 * customer/info's Messages tab: the customer's conversations with staff (each opening its thread,
 * `admin/message/{id}`) and the messages staff sent them (create-message), newest first.
 */
export function CustomerMessages({
  customerId,
  conversations,
  sent,
}: {
  customerId: number;
  /** Shown with the permission to read the queue. */
  conversations: boolean;
  /** Shown with the permission to read outbound messages. */
  sent: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      {conversations && (
        <Panel size="small" title={t('customers.messages.conversations')}>
          <PagedTable<Message>
            queryKey={['messages', 'customer', customerId]}
            load={byCustomer<Message>('/api/admin/messages', customerId)}
            columns={[
              {
                key: 'createdAt',
                title: t('customers.messages.createdAt'),
                render: (_, m) => <Timestamp iso={m.createdAt} />,
              },
              {
                key: 'subject',
                title: t('customers.messages.subject'),
                render: (_, m) => (
                  <LangLink to={screenLink(messageResource, 'view', m.id)}>{m.subject || m.preview}</LangLink>
                ),
              },
              {
                key: 'channel',
                title: t('customers.messages.channel'),
                render: (_, m) => t(`messaging.channels.${m.channel}`),
              },
              {
                key: 'status',
                title: t('customers.fields.status'),
                render: (_, m) => <StatusTag status={m.status} prefix="messaging.statuses" />,
              },
              {
                key: 'assignee',
                title: t('customers.messages.assignee'),
                render: (_, m) =>
                  m.assigneeName ? <LocalText en={m.assigneeName} ar={m.assigneeNameAr} /> : '—',
              },
            ]}
          />
        </Panel>
      )}
      {sent && (
        <Panel size="small" title={t('customers.messages.sent')}>
          <PagedTable<OutboundDelivery>
            queryKey={['outbound-deliveries', 'customer', customerId]}
            load={byCustomer<OutboundDelivery>('/api/admin/outbound-deliveries', customerId)}
            columns={[
              {
                key: 'createdAt',
                title: t('customers.messages.createdAt'),
                render: (_, d) => <Timestamp iso={d.createdAt} />,
              },
              { key: 'subject', title: t('customers.messages.subject'), render: (_, d) => d.subject || '—' },
              {
                key: 'channels',
                title: t('customers.messages.channel'),
                render: (_, d) =>
                  d.channels.map((c) => t(`messaging.outbound.channels.${c}`)).join(', ') || '—',
              },
              {
                key: 'status',
                title: t('customers.fields.status'),
                render: (_, d) => (
                  <>
                    <StatusTag status={d.status} prefix="messaging.outbound.deliveryStatuses" />
                    {d.reason && t(`messaging.outbound.reasons.${d.reason}`)}
                  </>
                ),
              },
              {
                key: 'readAt',
                title: t('customers.messages.readAt'),
                render: (_, d) => (d.readAt ? <Timestamp iso={d.readAt} /> : '—'),
              },
            ]}
          />
        </Panel>
      )}
    </Flex>
  );
}
