import {
  type Challenge,
  type ChallengeInput,
  challengeAmountConditions,
  challengeCommands,
  challengeEnrolments,
  challengeFields,
  challengeGoalKinds,
  challengeRepeats,
  challengeResource,
  challengeReversalPolicies,
  MAX_CHALLENGE_CUSTOMERS,
  MAX_CHALLENGE_STEPS,
} from '@loyalty/contracts';
import { Button, Col, Flex, Form, Radio, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApprovalNotice } from '../../components/ApprovalNotice.tsx';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { convertedForm } from '../../components/convertedForm.ts';
import { InputNumber } from '../../components/InputNumber.tsx';
import { Panel } from '../../components/Panel.tsx';
import { RecordFormPage } from '../../components/RecordFormPage.tsx';
import { screenLink } from '../../components/resource.ts';
import { Select } from '../../components/Select.tsx';
import { useFormScreen } from '../../components/useFormScreen.ts';
import {
  AudienceFields,
  BilingualFields,
  earnTypeChoices,
  type Period,
  PeriodInput,
  parseCustomerList,
} from '../campaigns/widgets.ts';
import { challengeApi, voucherChoices } from './api.ts';

/** A step in the form: its reward is points or a catalogue voucher (`reward` chooses). */
interface FormStep {
  target: number | null;
  points: number | null;
  voucherId?: number | null;
  reward?: 'POINTS' | 'VOUCHER';
}

/** The form's values: the input's shape, the period as a range, the customer list as text. */
interface Values extends Omit<ChallengeInput, 'startsAt' | 'endsAt' | 'customerNumbers' | 'steps'> {
  period: Period;
  customerList: string;
  steps: (FormStep | undefined)[];
}

/** A voucher step sends no points (the server takes the voucher's value); a points step no voucher. */
const toStep = ({ reward, ...s }: FormStep): ChallengeInput['steps'][number] =>
  (reward === 'VOUCHER'
    ? { target: s.target, points: 0, voucherId: s.voucherId ?? null }
    : { target: s.target, points: s.points, voucherId: null }) as ChallengeInput['steps'][number];

const toInput = (v: Values): ChallengeInput => {
  const { period, customerList, ...rest } = v;
  return {
    ...rest,
    startsAt: period?.[0]?.toISOString() ?? '',
    endsAt: period?.[1]?.toISOString() ?? '',
    customerNumbers: parseCustomerList(customerList ?? ''),
    amountValue: v.amountCondition ? (v.amountValue ?? null) : null,
    steps: (v.steps ?? []).filter((s): s is FormStep => Boolean(s)).map(toStep),
  };
};

const toValues = (c: Challenge): Values => ({
  nameEn: c.nameEn,
  nameAr: c.nameAr,
  descriptionEn: c.descriptionEn,
  descriptionAr: c.descriptionAr,
  period: [dayjs(c.startsAt), dayjs(c.endsAt)],
  rollingDays: c.rollingDays,
  tierIds: c.tierIds,
  segments: c.segments,
  criterionIds: c.criterionIds,
  customerList: c.customerNumbers.join('\n'),
  enrolment: c.enrolment,
  goalKind: c.goalKind,
  transactionTypeIds: c.transactionTypeIds,
  amountCondition: c.amountCondition,
  amountValue: c.amountValue,
  steps: c.steps.map((s) => ({
    target: s.target,
    points: s.voucherId === null ? s.points : null,
    voucherId: s.voucherId,
    reward: s.voucherId === null ? 'POINTS' : 'VOUCHER',
  })),
  budget: c.budget,
  repeat: c.repeat,
  onReversal: c.onReversal,
});

const fieldOf = (path: string) => (path === 'startsAt' || path === 'endsAt' ? 'period' : path);

/** `Challenges/New` and `Challenges/Edit/{id}`: one screen, two modes. */
export default function ChallengeFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <RecordFormPage
      mode={mode}
      area="challenges"
      get={challengeApi.get}
      form={(challenge) => <ChallengeForm challenge={challenge} />}
    />
  );
}

function ChallengeForm({ challenge }: { challenge?: Challenge }) {
  const { t } = useTranslation();
  const { form, formProps, save, dirty, navigate } = useFormScreen<Values>();
  const amountCondition = Form.useWatch('amountCondition', form);
  const locked = challenge?.status === 'ACTIVE' || challenge?.status === 'ENDED';
  const listUrl = screenLink(challengeResource, 'list');
  const initial: Partial<Values> = challenge
    ? toValues(challenge)
    : {
        descriptionEn: '',
        descriptionAr: '',
        period: [dayjs().startOf('day'), dayjs().add(1, 'month').endOf('day')],
        rollingDays: null,
        tierIds: [],
        segments: [],
        criterionIds: [],
        customerList: '',
        enrolment: 'AUTOMATIC',
        goalKind: 'COUNT',
        transactionTypeIds: [],
        amountCondition: null,
        amountValue: null,
        steps: [{ target: 5, points: 1000, reward: 'POINTS' }],
        repeat: 'ONCE',
        onReversal: 'REVERSE',
      };

  const { rule, item, valid, serverErrors } = convertedForm(t, {
    schema: challengeFields,
    toInput,
    fieldOf,
    area: 'challenges',
  });

  const submit = async (values: Values) => {
    const input = toInput(values);
    if (!valid(values)) return;
    await save(
      challenge ? challengeApi.update(challenge.id, input) : challengeApi.create(input),
      {
        success: challenge ? 'challenges.updated' : 'challenges.created',
        failure: challenge ? 'challenges.updateFailed' : 'challenges.createFailed',
      },
      {
        refresh: ['challenges'],
        next: (saved) => (saved ? screenLink(challengeResource, 'view', saved.id) : listUrl),
        fieldErrors: serverErrors,
      },
    );
  };

  const choice = (values: readonly string[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  return (
    <Panel title={t(challenge ? 'routes.editChallenge' : 'routes.createChallenge')}>
      {!challenge && <ApprovalNotice serviceId={challengeCommands.create.name} />}
      <Form<Values>
        {...formProps}
        name="challenge"
        initialValues={initial}
        disabled={locked}
        onFinish={submit}
      >
        <Row gutter={16}>
          <BilingualFields area="challenges" item={item} />
          <Col xs={24} md={12}>
            <Form.Item label={t('challenges.fields.period')} required {...item('period')}>
              <PeriodInput />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={t('challenges.fields.rollingDays')}
              extra={t('challenges.form.rollingHelp')}
              {...item('rollingDays')}
            >
              <InputNumber min={1} max={366} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('challenges.fields.enrolment')} required {...item('enrolment')}>
              <Radio.Group options={choice(challengeEnrolments, 'challenges.enrolments')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('challenges.fields.goalKind')} required {...item('goalKind')}>
              <Radio.Group options={choice(challengeGoalKinds, 'challenges.goalKinds')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('challenges.fields.transactionTypes')}
              extra={t('challenges.form.allTypes')}
              {...item('transactionTypeIds')}
            >
              <ChoiceSelect
                options={earnTypeChoices}
                mode="multiple"
                placeholder={t('challenges.form.allTypes')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('challenges.fields.amountCondition')} {...item('amountCondition')}>
              <Select
                allowClear
                placeholder={t('challenges.form.anyAmount')}
                options={choice(challengeAmountConditions, 'challenges.conditions')}
              />
            </Form.Item>
          </Col>
          {amountCondition && (
            <Col xs={12} md={6}>
              <Form.Item label={t('challenges.fields.amountValue')} required {...item('amountValue')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <Form.List name="steps">
              {(fields, { add, remove }) => (
                <Flex vertical gap={4} style={{ marginBottom: 16 }}>
                  <span>{t('challenges.fields.steps')}</span>
                  {fields.map((f, i) => (
                    <Flex key={f.key} gap={8} align="start" wrap>
                      <Form.Item
                        label={t('challenges.fields.stepTarget', { n: i + 1 })}
                        name={[f.name, 'target']}
                        rules={[rule(`steps.${i}.target`)]}
                      >
                        <InputNumber min={0} />
                      </Form.Item>
                      <Form.Item
                        label={t('challenges.fields.stepReward', { n: i + 1 })}
                        name={[f.name, 'reward']}
                      >
                        <Select
                          style={{ minWidth: 140 }}
                          options={choice(['POINTS', 'VOUCHER'], 'challenges.rewards')}
                        />
                      </Form.Item>
                      <Form.Item noStyle dependencies={[['steps', f.name, 'reward']]}>
                        {() =>
                          form.getFieldValue(['steps', f.name, 'reward']) === 'VOUCHER' ? (
                            <Form.Item
                              label={t('challenges.fields.stepVoucher', { n: i + 1 })}
                              name={[f.name, 'voucherId']}
                              rules={[
                                { required: true, message: t('challenges.validation.voucherRequired') },
                              ]}
                              extra={t('challenges.form.voucherHelp')}
                            >
                              <ChoiceSelect options={voucherChoices} style={{ minWidth: 260 }} />
                            </Form.Item>
                          ) : (
                            <Form.Item
                              label={t('challenges.fields.stepPoints', { n: i + 1 })}
                              name={[f.name, 'points']}
                              rules={[rule(`steps.${i}.points`)]}
                            >
                              <InputNumber min={1} />
                            </Form.Item>
                          )
                        }
                      </Form.Item>
                      {fields.length > 1 && (
                        <Button style={{ marginTop: 30 }} onClick={() => remove(f.name)}>
                          {t('challenges.form.removeStep')}
                        </Button>
                      )}
                    </Flex>
                  ))}
                  {fields.length < MAX_CHALLENGE_STEPS && (
                    <Button
                      style={{ alignSelf: 'flex-start' }}
                      onClick={() => add({ target: null, points: null, reward: 'POINTS' })}
                    >
                      {t('challenges.form.addStep')}
                    </Button>
                  )}
                </Flex>
              )}
            </Form.List>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('challenges.fields.budget')} required {...item('budget')}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('challenges.fields.repeat')} {...item('repeat')}>
              <Select options={choice(challengeRepeats, 'challenges.repeats')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('challenges.fields.onReversal')} {...item('onReversal')}>
              <Radio.Group options={choice(challengeReversalPolicies, 'challenges.reversals')} />
            </Form.Item>
          </Col>
          <AudienceFields
            area="challenges"
            item={item}
            form={form}
            dirty={dirty}
            max={MAX_CHALLENGE_CUSTOMERS}
          />
        </Row>
        <Flex gap={8} style={{ marginTop: 16 }}>
          {!locked && (
            <Button type="primary" htmlType="submit">
              {t('common.save')}
            </Button>
          )}
          <Button disabled={false} onClick={() => navigate(listUrl)}>
            {t('common.cancel')}
          </Button>
        </Flex>
      </Form>
    </Panel>
  );
}
