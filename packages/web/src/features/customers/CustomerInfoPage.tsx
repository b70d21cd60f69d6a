import {
  alertDeliveryRead,
  challengeRead,
  customerCommands,
  householdRead,
  type LedgerEntry,
  ledgerCommands,
  localName,
  localText,
  messageRead,
  outboundMessageRead,
  type Redemption,
  redemptionCommands,
  redemptionRead,
  referralRead,
  type Voucher,
  voucherResource,
} from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, type WriteResult } from '../../api/client.ts';
import { resourceEndpoint } from '../../api/resource.ts';
import { Alert } from '../../components/Alert.tsx';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import type { DataColumn } from '../../components/DataTable.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import {
  Country,
  Day,
  DayWithHijri,
  dayOf,
  formatAmount,
  formatPoints,
  Ltr,
  ltrText,
  Timestamp,
} from '../../components/format.tsx';
import { Input } from '../../components/Input.tsx';
import { InputNumber } from '../../components/InputNumber.tsx';
import { LocalText, useDataLang } from '../../components/localized.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Progress } from '../../components/Progress.tsx';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { listChoices } from '../../components/resource.ts';
import { Statistic } from '../../components/Statistic.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { Tag } from '../../components/Tag.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useCan } from '../../state/me.ts';
import { CustomerChurnCard } from '../analytics/widgets.ts';
import { CustomerChallenges } from '../challenges/widgets.ts';
import { CustomerHousehold } from '../households/widgets.ts';
import { CustomerReferrals } from '../referrals/widgets.ts';
import { customerApi } from './api.ts';
import { CustomerAlerts } from './CustomerAlerts.tsx';
import { CustomerMessages } from './CustomerMessages.tsx';
import { PagedTable } from './PagedTable.tsx';

/** Active vouchers, searched by name as the user types. */
const activeVoucherChoices = listChoices<Voucher>({
  key: 'active-vouchers',
  path: resourceEndpoint(voucherResource),
  query: { status: 'ACTIVE' },
  label: (v, lang) => `${localName(v, lang)} · ${v.pointsRequired}`,
});

type Dialog =
  | 'block'
  | 'unblock'
  | 'adjust'
  | 'redeem'
  | { reverse: number }
  | { cancel: number }
  | undefined;

/**
 * customer/info?id=: profile, balance, tier progress, the ledger, tier history and redemptions;
 * block/unblock, points adjustment, reversal, and redemption on the customer's behalf.
 */
export default function CustomerInfoPage() {
  const { t } = useTranslation();
  const lang = useDataLang();
  const can = useCan();
  const report = useWriteOutcome();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [dialog, setDialog] = useState<Dialog>();
  const [adjustForm] = Form.useForm<{ points: number; reason: string }>();
  const [voucherId, setVoucherId] = useState<number>();

  const customer = useQuery({
    queryKey: ['customers', 'detail', id],
    queryFn: ({ signal }) => customerApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

  /** Runs a write: toasts its outcome and refreshes what it changed. */
  async function act(write: Promise<WriteResult<unknown>>, success: string, failure: string) {
    if (!(await report(write, { success, failure })).ok) return;
    setDialog(undefined);
    void client.invalidateQueries({ queryKey: ['customers'] });
    void client.invalidateQueries({ queryKey: ['redemptions'] });
  }

  if (customer.isError || !Number.isInteger(id) || id <= 0) {
    return (
      <Alert
        type="error"
        showIcon
        title={t(`error.${customer.error instanceof ApiError ? customer.error.code : 'NOT_FOUND'}`)}
        action={<Button onClick={() => void customer.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const c = customer.data;
  if (!c) return <Panel loading />;
  const progress = c.tierProgress;
  const tierName = (name: string | null, nameAr: string | null) =>
    name === null ? null : localText(name, nameAr, lang);
  const currentTier = tierName(progress.currentTierName, progress.currentTierNameAr);
  const nextTier = tierName(progress.nextTierName, progress.nextTierNameAr);
  const percent =
    progress.nextTierMinPoints === null
      ? 100
      : Math.min(100, Math.round((progress.qualifyingPoints / progress.nextTierMinPoints) * 100));

  const ledgerColumns: DataColumn<LedgerEntry>[] = [
    {
      key: 'occurredAt',
      title: t('customers.ledger.occurredAt'),
      render: (_, e) => <Timestamp iso={e.occurredAt} />,
    },
    {
      key: 'kind',
      title: t('customers.ledger.kind'),
      render: (_, e) => (
        <Tag color={e.points >= 0 ? 'green' : 'volcano'}>{t(`customers.kinds.${e.kind}`)}</Tag>
      ),
    },
    {
      key: 'points',
      title: t('customers.ledger.points'),
      render: (_, e) => (
        <>
          <Ltr>{formatPoints(e.points)}</Ltr>
          {/* What a campaign added (decisions/campaigns.md), included in the points: on its own
              line under them, wrapping in a narrow column. */}
          {e.bonusPoints ? (
            <Tag
              color="gold"
              style={{ display: 'block', width: 'fit-content', marginBlockStart: 2, whiteSpace: 'normal' }}
              data-testid="ledger-bonus"
            >
              {t('campaigns.ledger.bonus')} <Ltr>{formatPoints(e.bonusPoints)}</Ltr> ·{' '}
              {e.campaignName ? <LocalText en={e.campaignName} ar={e.campaignNameAr} /> : `#${e.campaignId}`}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      key: 'balanceAfter',
      title: t('customers.ledger.balanceAfter'),
      render: (_, e) => formatPoints(e.balanceAfter),
    },
    {
      key: 'type',
      title: t('customers.ledger.type'),
      render: (_, e) =>
        e.transactionTypeName ? (
          <LocalText en={e.transactionTypeName} ar={e.transactionTypeNameAr} />
        ) : (
          (e.transactionTypeCode ?? '—')
        ),
    },
    {
      key: 'amount',
      title: t('customers.ledger.amount'),
      render: (_, e) => (e.amount === null ? '—' : formatAmount(e.amount)),
    },
    {
      key: 'reference',
      title: t('customers.ledger.reference'),
      render: (_, e) => <LedgerReference entry={e} />,
    },
    { key: 'expiresAt', title: t('customers.ledger.expiresAt'), render: (_, e) => <Day iso={e.expiresAt} /> },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, e) =>
        e.reversed ? (
          <Tag>{t('customers.ledger.reversed')}</Tag>
        ) : e.kind === 'EARN' && can(ledgerCommands.reverse.name) ? (
          <Button type="link" onClick={() => setDialog({ reverse: e.id })}>
            {t('customers.actions.reverse')}
          </Button>
        ) : null,
    },
  ];

  const redemptionColumns: DataColumn<Redemption>[] = [
    {
      key: 'createdAt',
      title: t('customers.redemptions.createdAt'),
      render: (_, r) => <Timestamp iso={r.createdAt} />,
    },
    {
      key: 'voucherName',
      title: t('customers.redemptions.voucher'),
      render: (_, r) => <LocalText en={r.voucherName} ar={r.voucherNameAr} />,
    },
    { key: 'code', title: t('customers.redemptions.code'), render: (_, r) => <Ltr>{r.code}</Ltr> },
    {
      key: 'pointsSpent',
      title: t('customers.ledger.points'),
      render: (_, r) => formatPoints(r.pointsSpent),
    },
    {
      key: 'channel',
      title: t('customers.redemptions.channel'),
      // Redemptions before migration 0042 name the API key instead of its channel.
      render: (_, r) => t(`channels.${r.channel}`, { defaultValue: r.channel }),
    },
    {
      key: 'status',
      title: t('customers.fields.status'),
      render: (_, r) => <StatusTag status={r.status} prefix="customers.redemptionStatuses" />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) =>
        r.status === 'ISSUED' && can(redemptionCommands.cancel.name) ? (
          <Button type="link" danger onClick={() => setDialog({ cancel: r.id })}>
            {t('customers.actions.cancelRedemption')}
          </Button>
        ) : null,
    },
  ];

  const tabs: { key: string; label: string; children: ReactNode }[] = [
    {
      key: 'ledger',
      label: t('customers.tabs.ledger'),
      children: (
        <PagedTable<LedgerEntry>
          queryKey={['customers', 'ledger', id]}
          // In the order of its first column, "When" (decisions/loyalty-engine.md, "Points history").
          load={(q, signal) => customerApi.ledger(id, { ...q, sort: 'occurredAt:desc' }, signal)}
          columns={ledgerColumns}
        />
      ),
    },
    {
      key: 'tiers',
      label: t('customers.tabs.tierHistory'),
      children: (
        <PagedTable
          queryKey={['customers', 'tier-history', id]}
          load={(q, signal) => customerApi.tierHistory(id, q, signal)}
          columns={[
            {
              key: 'changedAt',
              title: t('customers.tierHistory.changedAt'),
              render: (_, h) => <Timestamp iso={h.changedAt} />,
            },
            { key: 'from', title: t('customers.tierHistory.from'), render: (_, h) => h.fromTierName ?? '—' },
            { key: 'to', title: t('customers.tierHistory.to'), render: (_, h) => h.toTierName ?? '—' },
            {
              key: 'points',
              title: t('customers.tierHistory.points'),
              render: (_, h) => formatPoints(h.qualifyingPoints),
            },
            {
              key: 'reason',
              title: t('customers.tierHistory.reason'),
              render: (_, h) => t(`customers.reasons.${h.reason}`, h.reason),
            },
          ]}
        />
      ),
    },
  ];
  if (can(redemptionRead.code)) {
    tabs.push({
      key: 'redemptions',
      label: t('customers.tabs.redemptions'),
      children: (
        <PagedTable<Redemption>
          queryKey={['redemptions', 'customer', id]}
          load={(q, signal) => customerApi.redemptions(id, q, signal)}
          columns={redemptionColumns}
        />
      ),
    });
  }

  if (can(messageRead.code) || can(outboundMessageRead.code)) {
    tabs.push({
      key: 'messages',
      label: t('customers.tabs.messages'),
      children: (
        <CustomerMessages
          customerId={id}
          conversations={can(messageRead.code)}
          sent={can(outboundMessageRead.code)}
        />
      ),
    });
  }

  if (can(alertDeliveryRead.code)) {
    tabs.push({
      key: 'alerts',
      label: t('alerts.deliveries.title'),
      children: <CustomerAlerts customerId={id} />,
    });
  }

  if (can(challengeRead.code)) {
    tabs.push({
      key: 'challenges',
      label: t('challenges.tab'),
      children: <CustomerChallenges customerNumber={c.customerNumber} />,
    });
  }

  if (can(householdRead.code)) {
    tabs.push({
      key: 'household',
      label: t('households.tab'),
      children: <CustomerHousehold customerNumber={c.customerNumber} />,
    });
  }

  if (can(referralRead.code)) {
    tabs.push({
      key: 'referrals',
      label: t('referrals.customer.tab'),
      children: <CustomerReferrals customerNumber={c.customerNumber} />,
    });
  }

  const reverseId = typeof dialog === 'object' && 'reverse' in dialog ? dialog.reverse : undefined;
  const cancelId = typeof dialog === 'object' && 'cancel' in dialog ? dialog.cancel : undefined;
  const statusAction = c.status === 'BLOCKED' ? 'unblock' : 'block';
  const statusCommand = c.status === 'BLOCKED' ? customerCommands.unblock : customerCommands.block;

  return (
    <Flex vertical gap={16}>
      <Panel
        title={`${localText(c.fullName, c.fullNameAr, lang)} · ${c.customerNumber}`}
        extra={
          <Space wrap>
            {c.status !== 'CLOSED' && can(statusCommand.name) && (
              <Button danger={statusAction === 'block'} onClick={() => setDialog(statusAction)}>
                {t(`customers.actions.${statusAction}`)}
              </Button>
            )}
            {can(customerCommands.adjustPoints.name) && (
              <Button onClick={() => setDialog('adjust')}>{t('customers.actions.adjust')}</Button>
            )}
            {c.status === 'ACTIVE' && can(redemptionCommands.create.name) && (
              <Button type="primary" onClick={() => setDialog('redeem')}>
                {t('customers.actions.redeem')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('customers.fields.status')}>
            <StatusTag status={c.status} prefix="customers.statuses" />
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.segment')}>
            {t(`customers.segments.${c.segment}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.language')}>
            {t(`customers.languages.${c.language}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.mobile')}>
            {/* A phone number reads left to right in Arabic too. */}
            <Ltr>{c.mobile ?? '—'}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.email')}>{c.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.joinedAt')}>
            <DayWithHijri iso={c.joinedAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.lastActivityAt')}>
            <Day iso={c.lastActivityAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.nationality')}>
            <Country code={c.nationality} />
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.residency')}>
            {c.residency ? t(`customers.residencies.${c.residency}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.dateOfBirth')}>
            <DayWithHijri iso={c.dateOfBirth} />
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.kycLevel')}>
            {c.kycLevel ? t(`customers.kycLevels.${c.kycLevel}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.fields.products')} span="filled">
            {c.products?.length
              ? c.products.map((p) => <Tag key={p}>{t(`customers.products.${p}`)}</Tag>)
              : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Flex gap={16} wrap>
        <Panel style={{ flex: 1, minWidth: 200 }}>
          <Statistic title={t('customers.fields.balance')} value={c.balance} />
        </Panel>
        <Panel style={{ flex: 1, minWidth: 200 }}>
          <Statistic title={t('customers.fields.lifetimePoints')} value={c.lifetimePoints} />
        </Panel>
        <Panel style={{ flex: 1, minWidth: 200 }}>
          <Statistic title={t('customers.fields.expiring')} value={c.expiringPoints?.points ?? 0} />
          {c.expiringPoints && (
            <span>{t('customers.expiringOn', { date: ltrText(dayOf(c.expiringPoints.at)) })}</span>
          )}
        </Panel>
        <Panel style={{ flex: 2, minWidth: 280 }} title={t('customers.progress.title')} size="small">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <span>
              {t('customers.fields.tier')}: <strong>{currentTier ?? '—'}</strong> ·{' '}
              {t(`loyaltySettings.basis.${progress.basis}`)}: {formatPoints(progress.qualifyingPoints)}
            </span>
            <Progress percent={percent} aria-label={t('customers.progress.title')} />
            <span>
              {nextTier
                ? t('customers.progress.toNext', {
                    points: formatPoints(progress.pointsToNextTier ?? 0),
                    tier: nextTier,
                  })
                : t('customers.progress.top')}
            </span>
          </Space>
        </Panel>
        <CustomerChurnCard customerId={c.id} />
      </Flex>
      <Panel>
        <Tabs items={tabs} />
      </Panel>

      <ReasonModal
        open={dialog === 'block' || dialog === 'unblock'}
        title={t(`customers.actions.${statusAction}`)}
        onCancel={() => setDialog(undefined)}
        onOk={(reason) =>
          void act(
            customerApi.setStatus(id, statusAction, reason),
            `customers.${statusAction}ed`,
            'customers.actionFailed',
          )
        }
      />
      <ReasonModal
        open={reverseId !== undefined}
        title={t('customers.actions.reverse')}
        onCancel={() => setDialog(undefined)}
        onOk={(reason) =>
          reverseId !== undefined &&
          void act(customerApi.reverse(reverseId, reason), 'customers.reversed', 'customers.actionFailed')
        }
      />
      <ReasonModal
        open={cancelId !== undefined}
        title={t('customers.actions.cancelRedemption')}
        onCancel={() => setDialog(undefined)}
        onOk={(reason) =>
          cancelId !== undefined &&
          void act(
            customerApi.cancelRedemption(cancelId, reason),
            'customers.redemptionCancelled',
            'customers.actionFailed',
          )
        }
      />
      <Modal
        open={dialog === 'adjust'}
        title={t('customers.actions.adjust')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onCancel={() => setDialog(undefined)}
        onOk={() => adjustForm.submit()}
        destroyOnHidden
      >
        <Form
          form={adjustForm}
          layout="vertical"
          name="adjust"
          onFinish={(v) =>
            void act(
              customerApi.adjust(id, v.points, v.reason),
              'customers.adjusted',
              'customers.actionFailed',
            )
          }
        >
          <Form.Item
            name="points"
            label={t('customers.adjust.points')}
            extra={t('customers.adjust.pointsHelp')}
            rules={[
              { required: true, message: t('msg.fillAllFields') },
              {
                validator: (_, v) =>
                  v === 0 ? Promise.reject(new Error(t('msg.adjustmentNotZero'))) : Promise.resolve(),
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('customers.adjust.reason')}
            rules={[{ required: true, whitespace: true, message: t('msg.fillAllFields') }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={dialog === 'redeem'}
        title={t('customers.actions.redeem')}
        okText={t('customers.actions.redeem')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: voucherId === undefined }}
        onCancel={() => setDialog(undefined)}
        onOk={() =>
          voucherId !== undefined &&
          void act(customerApi.redeem(id, voucherId), 'customers.redeemed', 'customers.actionFailed')
        }
        destroyOnHidden
      >
        <ChoiceSelect
          aria-label={t('customers.redemptions.voucher')}
          style={{ width: '100%' }}
          onChange={(v) => setVoucherId(v === undefined ? undefined : Number(v))}
          options={activeVoucherChoices}
        />
      </Modal>
    </Flex>
  );
}

/**
 * What an entry says it is: what the programme posted itself in the reader's language (a
 * challenge's name, a referral's reward, a family transfer, a redeemed voucher), with staff's note
 * (a cancellation's reason); else the note or the channel's reference.
 */
function LedgerReference({ entry: e }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const o = e.origin;
  // A channel's reference may wrap (after its hyphens), so that the ten columns fit at 1,366 px.
  if (!o) return e.note ?? <bdi dir="ltr">{e.reference}</bdi>;
  // A record's name, after what was given back when the entry takes or gives it back.
  const named = (en: string, ar: string, back: string | false) => {
    const name = <LocalText en={en} ar={ar} />;
    return back ? (
      <>
        {t(`customers.ledger.origin.${back}`)} · {name}
      </>
    ) : (
      name
    );
  };
  // A challenge's note repeats its English name: not shown.
  if (o.type === 'CHALLENGE') return named(o.name, o.nameAr, o.takenBack && 'challengeTakenBack');
  const said =
    o.type === 'REFERRAL' ? (
      t(`customers.ledger.origin.${o.role}`)
    ) : o.type === 'REDEMPTION' ? (
      // The entry's kind says "Redeemed"; its cancellation says what it gave back.
      named(o.voucher, o.voucherAr, o.returned && 'voucherReturned')
    ) : (
      <>
        {t('customers.ledger.origin.transfer')} <Ltr>{`${o.from} → ${o.to}`}</Ltr>
      </>
    );
  return e.note ? (
    <>
      {said} · {e.note}
    </>
  ) : (
    said
  );
}
