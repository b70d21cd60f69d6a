import {
  type BusinessBankingEffect,
  challengeRead,
  type RuleSimulation,
  type RuleSimulationInput,
} from '@loyalty/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { apiSend } from '../../../api/typed.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DayInput } from '../../../components/DayInput.tsx';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { formatPoints } from '../../../components/format.tsx';
import { Input } from '../../../components/Input.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useCan } from '../../../state/me.ts';
import { ChallengePreview } from '../../challenges/widgets.ts';
import { earnTypeChoices, tierChoices } from '../choices.ts';

interface Values {
  transactionTypeId?: number;
  customerNumber?: string;
  tierId?: number;
  amount?: number;
  date?: string;
}

const simulate = (
  input: Omit<RuleSimulationInput, 'transactionTypeId'> & { transactionTypeId: number },
): Promise<RuleSimulation> => apiSend('post', '/api/admin/points-rules/simulate', { body: input });

/** "Simulate transaction": which rule would fire for a customer (or tier), type and amount, and why. */
export function SimulatePanel() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const run = useMutation({ mutationFn: simulate });
  const result = run.data;
  const asked = run.variables;

  const submit = ({ transactionTypeId, customerNumber, tierId, amount, date }: Values) => {
    if (transactionTypeId === undefined || amount === undefined) return;
    run.mutate({
      transactionTypeId,
      amount,
      ...(customerNumber ? { customerNumber } : { tierId: tierId ?? null }),
      ...(date ? { occurredAt: `${date}T12:00:00Z` } : {}),
    });
  };

  return (
    <Panel title={t('pointsRules.simulate.title')} style={{ marginTop: 16 }}>
      <Form<Values> layout="inline" onFinish={submit} name="simulate">
        <Form.Item
          name="transactionTypeId"
          label={t('pointsRules.fields.transactionTypeId')}
          rules={[{ required: true, message: t('msg.ruleFieldsRequired') }]}
        >
          <ChoiceSelect options={earnTypeChoices} style={{ minWidth: 200 }} />
        </Form.Item>
        <Form.Item name="customerNumber" label={t('pointsRules.simulate.customerNumber')}>
          <Input style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="tierId" label={t('pointsRules.fields.tierId')}>
          <ChoiceSelect
            options={tierChoices}
            placeholder={t('pointsRules.allTiers')}
            style={{ minWidth: 140 }}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('pointsRules.fields.amount')}
          rules={[{ required: true, message: t('msg.ruleFieldsRequired') }]}
        >
          <InputNumber min={0} />
        </Form.Item>
        <Form.Item name="date" label={t('pointsRules.simulate.date')}>
          <DayInput />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending}>
          {t('pointsRules.simulate.run')}
        </Button>
      </Form>
      {run.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t(`error.${run.error instanceof ApiError ? run.error.code : 'INTERNAL'}`)}
        />
      )}
      {result && (
        <Flex vertical gap={12} style={{ marginTop: 16 }}>
          <Descriptions size="small" bordered column={3}>
            <Descriptions.Item label={t('pointsRules.simulate.customer')}>
              {result.customer ? `${result.customer.fullName} (${result.customer.customerNumber})` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('pointsRules.fields.tierId')}>
              {result.tierName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('pointsRules.simulate.outcome')}>
              {result.ruleId === null
                ? t('pointsRules.simulate.noRule')
                : t('pointsRules.simulate.fired', { ruleId: result.ruleId, points: result.points })}
            </Descriptions.Item>
          </Descriptions>
          {result.businessBanking && <BusinessExplanation effect={result.businessBanking} />}
          {result.campaigns?.map((c) => (
            <Alert
              key={c.campaignId}
              type="success"
              showIcon
              data-testid="simulate-campaign"
              title={t('campaigns.simulate.bonus', {
                name: i18n.language === 'ar' ? c.nameAr : c.nameEn,
                points: formatPoints(c.bonusPoints),
              })}
            />
          ))}
          {asked?.customerNumber && can(challengeRead.code) && (
            <ChallengePreview
              query={{
                customerNumber: asked.customerNumber,
                transactionTypeId: asked.transactionTypeId,
                amount: asked.amount,
                ...(asked.occurredAt ? { occurredAt: asked.occurredAt } : {}),
              }}
            />
          )}
          <DataTable
            size="small"
            rowKey="ruleId"
            pagination={false}
            dataSource={result.evaluations}
            locale={{ emptyText: t('msg.noRecordsFound') }}
            columns={[
              { key: 'ruleId', dataIndex: 'ruleId', title: '#' },
              { key: 'priority', dataIndex: 'priority', title: t('pointsRules.fields.priority') },
              {
                key: 'tierName',
                title: t('pointsRules.fields.tierId'),
                render: (_, e) => e.tierName ?? t('pointsRules.allTiers'),
              },
              {
                key: 'condition',
                title: t('pointsRules.fields.condition'),
                render: (_, e) => `${t(`pointsRules.conditions.${e.condition}`)} ${e.amount}`,
              },
              {
                key: 'verdict',
                title: t('pointsRules.simulate.verdict'),
                render: (_, e) => (
                  <Tag
                    color={e.verdict === 'FIRED' ? 'green' : e.verdict === 'OUTRANKED' ? 'gold' : 'default'}
                  >
                    {t(`pointsRules.verdicts.${e.verdict}`)}
                  </Tag>
                ),
              },
              {
                key: 'rawPoints',
                title: t('pointsRules.simulate.rawPoints'),
                render: (_, e) => e.rawPoints ?? '—',
              },
              { key: 'points', title: t('pointsRules.simulate.points'), render: (_, e) => e.points ?? '—' },
            ]}
          />
        </Flex>
      )}
    </Panel>
  );
}

/** For a business customer: how the business banking settings change the rule's points. */
function BusinessExplanation({ effect }: { effect: BusinessBankingEffect }) {
  const { t } = useTranslation();
  const k = 'pointsRules.simulate.business';
  const lines = !effect.earns
    ? [t(`${k}.noEarn`)]
    : !effect.typeCounts
      ? [t(`${k}.typeNotCounted`)]
      : [
          t(`${k}.multiplier`, { base: formatPoints(effect.basePoints), multiplier: effect.multiplier }),
          ...(effect.monthlyCap === null
            ? []
            : [
                t(`${k}.cap`, {
                  cap: formatPoints(effect.monthlyCap),
                  earned: formatPoints(effect.earnedThisMonth),
                }),
              ]),
          t(`${k}.result`, { points: formatPoints(effect.points) }),
        ];
  return (
    <Alert
      type="info"
      showIcon
      data-testid="simulate-business"
      title={t(`${k}.title`)}
      description={lines.map((l) => <div key={l}>{l}</div>)}
    />
  );
}
