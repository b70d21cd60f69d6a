import type { ApprovalRequest, ApprovalView } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { ChangeDiff } from '../../components/ChangeDiff.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { Drawer } from '../../components/Drawer.tsx';
import { formatTime } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { RecordName } from '../../components/localized.tsx';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useServiceName } from '../../components/useServiceName.ts';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { isReplayable, ReplayPanel } from '../replays/widgets.ts';
import { approvalsApi, approvalsKey } from './api.ts';
import { useDecisions } from './useDecisions.ts';

/** One request: who, when, from where, its status, the change as a diff, and the decisions left. */
export function RequestDrawer({
  id,
  view,
  onClose,
}: {
  id: number;
  view: ApprovalView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const serviceName = useServiceName();
  const decisions = useDecisions();
  const [asking, setAsking] = useState(false);
  const request = useQuery({
    queryKey: [approvalsKey, 'detail', id],
    queryFn: ({ signal }) => approvalsApi.get(id, signal),
  });
  const r = request.data;
  const pending = r?.status === 'PENDING';

  const actions = pending && (
    <Flex gap={8}>
      {view === 'inbox' && (
        <>
          <Button type="primary" onClick={() => void decisions.approve(id).then((ok) => ok && onClose())}>
            {t('approvals.approve')}
          </Button>
          <Button danger onClick={() => setAsking(true)}>
            {t('approvals.reject')}
          </Button>
        </>
      )}
      {view === 'mine' && (
        <Button onClick={() => void decisions.withdraw(id).then((ok) => ok && onClose())}>
          {t('approvals.withdraw')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Drawer open title={t('approvals.detailTitle', { id })} size="large" onClose={onClose} extra={actions}>
      {request.isError && (
        <Alert
          type="error"
          showIcon
          title={t(`error.${request.error instanceof ApiError ? request.error.code : 'INTERNAL'}`)}
        />
      )}
      {!r && !request.isError && <InlineLoading text={t('approvals.loading')} />}
      {r && (
        <Flex vertical gap={16} data-testid="request-detail">
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'service', label: t('approvals.fields.service'), children: serviceName(r.serviceId) },
              {
                key: 'status',
                label: t('approvals.fields.status'),
                children: <StatusTag status={r.status} prefix="approvals.status" />,
              },
              {
                key: 'target',
                label: t('approvals.fields.target'),
                children: <RequestTarget request={r} />,
              },
              { key: 'maker', label: t('approvals.fields.maker'), children: r.maker?.username },
              {
                key: 'createdAt',
                label: t('approvals.fields.createdAt'),
                children: formatTime(r.createdAt, lang),
              },
              {
                key: 'from',
                label: t('approvals.fields.from'),
                children: [r.makerIp, r.makerVisitorId].filter(Boolean).join(' · '),
              },
              ...(r.decidedAt
                ? [
                    {
                      key: 'checker',
                      label: t('approvals.fields.checker'),
                      children: r.checker?.username ?? r.maker?.username,
                    },
                    {
                      key: 'decidedAt',
                      label: t('approvals.fields.decidedAt'),
                      children: formatTime(r.decidedAt, lang),
                    },
                  ]
                : []),
              ...(r.reason
                ? [{ key: 'reason', label: t('approvals.fields.reason'), children: r.reason }]
                : []),
            ]}
          />
          {r.failureCode && (
            <Alert
              type="warning"
              showIcon
              title={t(`error.${r.failureCode}`, { defaultValue: r.failureCode })}
              description={r.failureDetail}
            />
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('approvals.change')}
          </Typography.Title>
          <ChangeDiff before={r.before} after={r.after} />
          {pending && isReplayable(r.serviceId) && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('replays.title')}
              </Typography.Title>
              <ReplayPanel
                command={r.serviceId}
                id={(r.input as { id?: number } | null)?.id}
                input={() => r.input}
              />
            </>
          )}
          {can('adminLog.read') && (
            <LangLink to={`/dashboard/SystemLogs/AdminLogs?approvalRequestId=${r.id}`}>
              {t('approvals.auditTrail')}
            </LangLink>
          )}
        </Flex>
      )}
      <ReasonModal
        open={asking}
        title={t('approvals.reject')}
        onOk={(reason) => {
          setAsking(false);
          void decisions.reject(id, reason).then((ok) => ok && onClose());
        }}
        onCancel={() => setAsking(false)}
      />
    </Drawer>
  );
}

/** What a request is about, as words: "Tier #5", or "New tier" for a creation. */
export function RequestTarget({ request: r }: { request: Pick<ApprovalRequest, 'targetType' | 'targetId'> }) {
  const { t } = useTranslation();
  if (r.targetId) return <RecordName type={r.targetType} id={r.targetId} />;
  const name = r.targetType ? t(`records.${r.targetType}`, { defaultValue: r.targetType }) : '';
  // "New tier", "New API key": the record type's own capital goes in the middle of a sentence.
  const type = /^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
  return t('approvals.newRecord', { type });
}
