import type { OutboundMessage } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatPoints, Timestamp } from '../../../components/format.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { outboundApi } from './api.ts';
import { audienceText } from './audience.ts';

/** Earlier sends, newest first; choosing one shows its progress or result. */
export function PastSends({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const list = useQuery({
    queryKey: ['outbound-messages', 'list', paging],
    queryFn: ({ signal }) => outboundApi.list({ ...paging, sort: 'createdAt:desc' }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Panel title={t('messaging.outbound.past.title')}>
      <DataTable<OutboundMessage>
        size="small"
        rowKey="id"
        dataSource={list.data?.items}
        loading={list.isFetching}
        locale={{ emptyText: list.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          onChange: (page, pageSize) =>
            setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
        }}
        columns={[
          {
            key: 'createdAt',
            title: t('messaging.outbound.fields.createdAt'),
            render: (_, s) => <Timestamp iso={s.createdAt} />,
          },
          {
            key: 'subject',
            title: t('messaging.outbound.fields.subject'),
            render: (_, s) => (i18n.language === 'ar' ? s.subjectAr : s.subjectEn),
          },
          {
            key: 'audience',
            title: t('messaging.outbound.fields.audience'),
            render: (_, s) => audienceText(t, s.audience),
          },
          {
            key: 'status',
            title: t('messaging.outbound.fields.status'),
            render: (_, s) => <StatusTag status={s.status} prefix="messaging.outbound.statuses" />,
          },
          {
            key: 'total',
            title: t('messaging.outbound.fields.count'),
            render: (_, s) => formatPoints(s.total),
          },
          {
            key: 'sent',
            title: t('messaging.outbound.deliveryStatuses.SENT'),
            render: (_, s) => formatPoints(s.sent),
          },
          {
            key: 'skipped',
            title: t('messaging.outbound.deliveryStatuses.SKIPPED'),
            render: (_, s) => formatPoints(s.skipped),
          },
          {
            key: 'failed',
            title: t('messaging.outbound.deliveryStatuses.FAILED'),
            render: (_, s) => formatPoints(s.failed),
          },
          {
            key: 'createdBy',
            title: t('messaging.outbound.fields.createdBy'),
            render: (_, s) => <LocalText en={s.createdByName} ar={s.createdByNameAr} />,
          },
          {
            key: 'actions',
            title: t('common.actions'),
            fixed: 'end',
            render: (_, s) => (
              <Button type="link" onClick={() => onOpen(s.id)}>
                {t('messaging.outbound.past.open')}
              </Button>
            ),
          },
        ]}
      />
    </Panel>
  );
}
