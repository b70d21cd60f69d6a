import {
  type Household,
  type HouseholdMember,
  type HouseholdTransfer,
  householdCommands,
  localText,
  type Page,
} from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WriteResult } from '../../api/client.ts';
import { apiGet, apiWrite } from '../../api/typed.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Day, formatPoints, Ltr, Timestamp } from '../../components/format.tsx';
import { Input } from '../../components/Input.tsx';
import { InputNumber } from '../../components/InputNumber.tsx';
import { useDataLang } from '../../components/localized.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Select } from '../../components/Select.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useCan } from '../../state/me.ts';

type Summary = Page<{ id: number }>;

/** The household a customer belongs to (null: none). */
async function householdOf(customerNumber: string, signal: AbortSignal): Promise<Household | null> {
  const page: Summary = await apiGet('/api/admin/households', { query: { customerNumber }, signal });
  const first = page.items[0];
  return first ? apiGet('/api/admin/households/{id}', { path: { id: first.id }, signal }) : null;
}

/**
 * customer/info's Household tab: the customer's household, its members (with their consent) and
 * transfers; staff create a household, add or remove members and transfer points (maker-checker).
 */
export function CustomerHousehold({ customerNumber }: { customerNumber: string }) {
  const { t } = useTranslation();
  const lang = useDataLang();
  const can = useCan();
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'transfer' | 'member' | 'pool' | undefined>();
  const [memberForm] = Form.useForm<{ customerNumber: string }>();
  const [transferForm] = Form.useForm<{ to: string; points: number; note?: string }>();
  const [poolForm] = Form.useForm<{ note?: string }>();
  const key = ['households', 'customer', customerNumber];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => householdOf(customerNumber, signal) });

  async function act(write: Promise<WriteResult<unknown>>, success: string) {
    if (!(await report(write, { success, failure: 'households.failed' })).ok) return;
    setDialog(undefined);
    await queryClient.invalidateQueries({ queryKey: ['households'] });
    await queryClient.invalidateQueries({ queryKey: ['customers'] });
  }

  if (query.isPending) return <Typography.Text>{t('households.loading')}</Typography.Text>;
  const household = query.data;
  if (!household)
    return (
      <Flex vertical gap={12} align="start">
        <Typography.Text>{t('households.none')}</Typography.Text>
        {can(householdCommands.create.name) && (
          <Button
            onClick={() =>
              void act(
                apiWrite('post', '/api/admin/households', { body: { name: '', headNumber: customerNumber } }),
                'households.created',
              )
            }
          >
            {t('households.create')}
          </Button>
        )}
      </Flex>
    );

  const me = household.members.find((m) => m.customerNumber === customerNumber);
  const receivers = household.members.filter(
    (m) => m.customerNumber !== customerNumber && m.consentedAt !== null,
  );
  const memberColumns = [
    {
      key: 'customerNumber',
      title: t('households.fields.customerNumber'),
      render: (_: unknown, m: HouseholdMember) => <Ltr>{m.customerNumber}</Ltr>,
    },
    {
      key: 'name',
      title: t('households.fields.name'),
      render: (_: unknown, m: HouseholdMember) => localText(m.fullName, m.fullNameAr, lang),
    },
    {
      key: 'role',
      title: t('households.fields.role'),
      render: (_: unknown, m: HouseholdMember) => <Tag>{t(`households.roles.${m.role}`)}</Tag>,
    },
    {
      key: 'consent',
      title: t('households.fields.consent'),
      render: (_: unknown, m: HouseholdMember) =>
        m.consentedAt ? <Day iso={m.consentedAt} /> : t('households.waitingForConsent'),
    },
    {
      key: 'balance',
      title: t('households.fields.balance'),
      render: (_: unknown, m: HouseholdMember) => formatPoints(m.balance),
    },
    {
      key: 'actions',
      title: t('households.fields.actions'),
      render: (_: unknown, m: HouseholdMember) =>
        m.role !== 'HEAD' && can(householdCommands.removeMember.name) ? (
          <Button
            type="link"
            danger
            onClick={() =>
              void act(
                apiWrite('delete', '/api/admin/households/{id}/members/{customerNumber}', {
                  path: { id: household.id, customerNumber: m.customerNumber },
                }),
                'households.memberRemoved',
              )
            }
          >
            {t('households.removeMember')}
          </Button>
        ) : null,
    },
  ];
  const transferColumns = [
    {
      key: 'createdAt',
      title: t('households.fields.createdAt'),
      render: (_: unknown, r: HouseholdTransfer) => <Timestamp iso={r.createdAt} />,
    },
    {
      key: 'from',
      title: t('households.fields.from'),
      render: (_: unknown, r: HouseholdTransfer) => <Ltr>{r.from}</Ltr>,
    },
    {
      key: 'to',
      title: t('households.fields.to'),
      render: (_: unknown, r: HouseholdTransfer) => <Ltr>{r.to}</Ltr>,
    },
    {
      key: 'points',
      title: t('households.fields.points'),
      render: (_: unknown, r: HouseholdTransfer) => formatPoints(r.points),
    },
    {
      key: 'channel',
      title: t('households.fields.channel'),
      render: (_: unknown, r: HouseholdTransfer) =>
        r.channel ? t(`channels.${r.channel}`, r.channel) : t('households.byStaff'),
    },
    {
      key: 'expiresAt',
      title: t('households.fields.expiresAt'),
      render: (_: unknown, r: HouseholdTransfer) => <Day iso={r.expiresAt} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>
          {/* The name as staff typed it (one language): not translated. */}
          {household.name ? (
            <span translate="no">{household.name}</span>
          ) : (
            t('households.untitled', { head: household.headNumber })
          )}
        </Typography.Text>
        <Space wrap>
          {can(householdCommands.addMember.name) && (
            <Button onClick={() => setDialog('member')}>{t('households.addMember')}</Button>
          )}
          {can(householdCommands.transfer.name) && me?.consentedAt && (
            <Button type="primary" disabled={receivers.length === 0} onClick={() => setDialog('transfer')}>
              {t('households.transfer')}
            </Button>
          )}
          {can(householdCommands.pool.name) && household.members.length > 1 && (
            <Button onClick={() => setDialog('pool')}>{t('households.pool')}</Button>
          )}
        </Space>
      </Flex>
      <DataTable<HouseholdMember>
        size="small"
        rowKey="customerId"
        columns={memberColumns}
        dataSource={household.members}
        title={() => t('households.members')}
      />
      <DataTable<HouseholdTransfer>
        size="small"
        rowKey="id"
        columns={transferColumns}
        dataSource={household.transfers}
        title={() => t('households.transfers')}
        locale={{ emptyText: t('households.noTransfers') }}
      />
      <Modal
        open={dialog === 'member'}
        title={t('households.addMember')}
        okText={t('households.addMember')}
        cancelText={t('common.cancel')}
        onCancel={() => setDialog(undefined)}
        onOk={() => memberForm.submit()}
        destroyOnHidden
      >
        <Form
          form={memberForm}
          layout="vertical"
          name="householdMember"
          onFinish={(v) =>
            void act(
              apiWrite('post', '/api/admin/households/{id}/members', {
                path: { id: household.id },
                body: { customerNumber: v.customerNumber },
              }),
              'households.memberAdded',
            )
          }
        >
          <Form.Item
            name="customerNumber"
            label={t('households.fields.customerNumber')}
            extra={t('households.consentHelp')}
            rules={[{ required: true, whitespace: true, message: t('msg.fillAllFields') }]}
          >
            <Input dir="ltr" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={dialog === 'transfer'}
        title={t('households.transfer')}
        okText={t('households.transfer')}
        cancelText={t('common.cancel')}
        onCancel={() => setDialog(undefined)}
        onOk={() => transferForm.submit()}
        destroyOnHidden
      >
        <Form
          form={transferForm}
          layout="vertical"
          name="householdTransfer"
          onFinish={(v) =>
            void act(
              apiWrite('post', '/api/admin/households/transfers', {
                body: { from: customerNumber, to: v.to, points: v.points, note: v.note ?? '' },
              }),
              'households.transferred',
            )
          }
        >
          <Form.Item
            name="to"
            label={t('households.fields.to')}
            rules={[{ required: true, message: t('msg.fillAllFields') }]}
          >
            <Select
              options={receivers.map((m) => ({
                value: m.customerNumber,
                label: `${localText(m.fullName, m.fullNameAr, lang)} · ${m.customerNumber}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="points"
            label={t('households.fields.points')}
            extra={t('households.expiryHelp')}
            rules={[{ required: true, message: t('msg.fillAllFields') }]}
          >
            <InputNumber precision={0} min={1} max={me?.balance ?? 1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="note" label={t('households.fields.note')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={dialog === 'pool'}
        title={t('households.pool')}
        okText={t('households.pool')}
        cancelText={t('common.cancel')}
        onCancel={() => setDialog(undefined)}
        onOk={() => poolForm.submit()}
        destroyOnHidden
      >
        <Form
          form={poolForm}
          layout="vertical"
          name="householdPool"
          onFinish={(v) =>
            void act(
              apiWrite('post', '/api/admin/households/{id}/pool', {
                path: { id: household.id },
                body: { note: v.note ?? '' },
              }),
              'households.pooled',
            )
          }
        >
          <Typography.Paragraph>{t('households.poolHelp')}</Typography.Paragraph>
          <Form.Item name="note" label={t('households.fields.note')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
