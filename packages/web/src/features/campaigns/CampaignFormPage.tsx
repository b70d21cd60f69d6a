import {
  type Campaign,
  type CampaignInput,
  campaignBonusKinds,
  campaignCommands,
  campaignFields,
  campaignResource,
  DEFAULT_HOLDOUT_PCT,
  MAX_CAMPAIGN_CUSTOMERS,
  MAX_HOLDOUT_PCT,
} from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Popconfirm, Radio, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert.tsx';
import { ApprovalNotice } from '../../components/ApprovalNotice.tsx';
import { CheckboxGroup } from '../../components/CheckboxGroup.tsx';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { convertedForm } from '../../components/convertedForm.ts';
import { Descriptions } from '../../components/Descriptions.tsx';
import { InputNumber } from '../../components/InputNumber.tsx';
import { Panel } from '../../components/Panel.tsx';
import { RecordFormPage } from '../../components/RecordFormPage.tsx';
import { screenLink } from '../../components/resource.ts';
import { Switch } from '../../components/Switch.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useFormScreen } from '../../components/useFormScreen.ts';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useCan } from '../../state/me.ts';
import { ReplayButton } from '../replays/widgets.ts';
import { campaignApi, campaignsApi, earnTypeChoices } from './api.ts';
import { BudgetUsed, CampaignStatusTag } from './campaigns.resource.tsx';
import { type Period, PeriodInput } from './PeriodInput.tsx';
import { AudienceFields, BilingualFields, parseCustomerList } from './TargetingFields.tsx';

/** The form's values: the input's shape, the period as a range of dates, the customer list as text. */
interface Values extends Omit<CampaignInput, 'startsAt' | 'endsAt' | 'customerNumbers'> {
  period: Period;
  customerList: string;
}

const toInput = (v: Values): CampaignInput => {
  const { period, customerList, ...rest } = v;
  return {
    ...rest,
    startsAt: period?.[0]?.toISOString() ?? '',
    endsAt: period?.[1]?.toISOString() ?? '',
    customerNumbers: parseCustomerList(customerList ?? ''),
    perAmount: v.bonusKind === 'PER_AMOUNT' ? (v.perAmount ?? null) : null,
  };
};

const toValues = (c: Campaign): Values => ({
  nameEn: c.nameEn,
  nameAr: c.nameAr,
  descriptionEn: c.descriptionEn,
  descriptionAr: c.descriptionAr,
  period: [dayjs(c.startsAt), dayjs(c.endsAt)],
  daysOfWeek: c.daysOfWeek,
  hourFrom: c.hourFrom,
  hourTo: c.hourTo,
  tierIds: c.tierIds,
  segments: c.segments,
  criterionIds: c.criterionIds,
  customerList: c.customerNumbers.join('\n'),
  transactionTypeIds: c.transactionTypeIds,
  bonusKind: c.bonusKind,
  bonusValue: c.bonusValue,
  perAmount: c.perAmount,
  customerCap: c.customerCap,
  budget: c.budget,
  stackable: c.stackable,
  priority: c.priority,
  holdoutPct: c.holdoutPct,
});

/** Where the form shows a field's message: the period's two ends are one field. */
const fieldOf = (path: string) => (path === 'startsAt' || path === 'endsAt' ? 'period' : path);

/** `create-campaigns` and `edit-item/{id}`: one screen, two modes (spec §2). */
export default function CampaignFormPage({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <RecordFormPage
      mode={mode}
      area="campaigns"
      get={campaignApi.get}
      form={(campaign) => <CampaignForm campaign={campaign} />}
    />
  );
}

function StatusPanel({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const can = useCan();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const act = async (action: 'activate' | 'pause' | 'end') => {
    const done = await outcome(campaignsApi.action(campaign.id, action), {
      success: `campaigns.actions.${action}Done`,
      failure: `campaigns.actions.${action}Failed`,
    });
    if (done.ok) await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
  };
  const s = campaign.status;
  return (
    <Panel size="small" style={{ marginBottom: 16 }}>
      <Flex gap={24} wrap align="center" justify="space-between">
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ flex: '1 1 480px' }}>
          <Descriptions.Item label={t('campaigns.fields.status')}>
            <CampaignStatusTag status={s} t={t} />
            {campaign.endedReason && (
              <Typography.Text type="secondary">
                {t(`campaigns.endedReasons.${campaign.endedReason}`)}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.budgetUsed')}>
            <BudgetUsed campaign={campaign} t={t} testId="budget-bar" />
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.customersReached')}>
            {campaign.customersReached}
          </Descriptions.Item>
        </Descriptions>
        <Flex gap={8}>
          {(s === 'DRAFT' || s === 'PAUSED') && can(campaignCommands.activate.name) && (
            <Button type="primary" onClick={() => act('activate')}>
              {t('campaigns.actions.activate')}
            </Button>
          )}
          {(s === 'ACTIVE' || s === 'SCHEDULED') && can(campaignCommands.pause.name) && (
            <Button onClick={() => act('pause')}>{t('campaigns.actions.pause')}</Button>
          )}
          {s !== 'ENDED' && s !== 'DRAFT' && can(campaignCommands.end.name) && (
            <Popconfirm title={t('campaigns.actions.endConfirm')} onConfirm={() => act('end')}>
              <Button danger>{t('campaigns.actions.end')}</Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
      <ApprovalNotice serviceId={campaignCommands.activate.name} />
    </Panel>
  );
}

function CampaignForm({ campaign }: { campaign?: Campaign }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { form, formProps, save, dirty, navigate } = useFormScreen<Values>();
  const bonusKind = Form.useWatch('bonusKind', form);
  const locked = campaign?.status === 'ACTIVE' || campaign?.status === 'ENDED';
  const listUrl = screenLink(campaignResource, 'list');
  const initial: Partial<Values> = campaign
    ? toValues(campaign)
    : {
        descriptionEn: '',
        descriptionAr: '',
        period: [dayjs().startOf('day'), dayjs().add(1, 'month').endOf('day')],
        daysOfWeek: [],
        hourFrom: null,
        hourTo: null,
        tierIds: [],
        segments: [],
        criterionIds: [],
        // From the churn screen: `?customers=C1,C2` targets those customers.
        customerList: (params.get('customers') ?? '').split(',').join('\n'),
        transactionTypeIds: [],
        bonusKind: 'MULTIPLIER',
        bonusValue: 1,
        perAmount: null,
        customerCap: null,
        stackable: false,
        priority: 100,
        // A new campaign holds out 10 % by default (issue 52); an existing one keeps its own.
        holdoutPct: DEFAULT_HOLDOUT_PCT,
      };

  const { item, valid, serverErrors } = convertedForm(t, {
    schema: campaignFields,
    toInput,
    fieldOf,
    area: 'campaigns',
  });

  const submit = async (values: Values) => {
    const input = toInput(values);
    if (!valid(values)) return;
    await save(
      campaign ? campaignApi.update(campaign.id, input) : campaignApi.create(input),
      {
        success: campaign ? 'campaigns.updated' : 'campaigns.created',
        failure: campaign ? 'campaigns.updateFailed' : 'campaigns.createFailed',
      },
      {
        refresh: ['campaigns'],
        next: (saved) => (saved ? screenLink(campaignResource, 'edit', saved.id) : listUrl),
        fieldErrors: serverErrors,
      },
    );
  };

  return (
    <Panel title={t(campaign ? 'routes.editCampaign' : 'routes.createCampaign')}>
      {campaign && <StatusPanel campaign={campaign} />}
      {campaign?.status === 'ACTIVE' && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('campaigns.form.activeLocked')} />
      )}
      {!campaign && <ApprovalNotice serviceId={campaignCommands.create.name} />}
      <Form<Values>
        {...formProps}
        name="campaign"
        initialValues={initial}
        disabled={locked}
        onFinish={submit}
      >
        <Row gutter={16}>
          <BilingualFields area="campaigns" item={item} />
          <Col xs={24} md={12}>
            <Form.Item label={t('campaigns.fields.period')} required {...item('period')}>
              <PeriodInput />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('campaigns.fields.hourFrom')} {...item('hourFrom')}>
              <InputNumber min={0} max={23} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={t('campaigns.fields.hourTo')}
              extra={t('campaigns.form.hoursHelp')}
              {...item('hourTo')}
            >
              <InputNumber min={1} max={24} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label={t('campaigns.fields.daysOfWeek')}
              extra={t('campaigns.form.everyDay')}
              {...item('daysOfWeek')}
            >
              <CheckboxGroup
                options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`campaigns.days.${d}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('campaigns.fields.transactionTypes')}
              extra={t('campaigns.form.allProducts')}
              {...item('transactionTypeIds')}
            >
              <ChoiceSelect
                options={earnTypeChoices}
                mode="multiple"
                placeholder={t('campaigns.form.allProducts')}
              />
            </Form.Item>
          </Col>
          <AudienceFields
            area="campaigns"
            item={item}
            form={form}
            dirty={dirty}
            max={MAX_CAMPAIGN_CUSTOMERS}
          />
          <Col xs={24} md={12}>
            <Form.Item label={t('campaigns.fields.bonusKind')} required {...item('bonusKind')}>
              <Radio.Group
                options={campaignBonusKinds.map((k) => ({ value: k, label: t(`campaigns.bonusKinds.${k}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={t(
                bonusKind === 'MULTIPLIER' ? 'campaigns.fields.multiplier' : 'campaigns.fields.bonusPoints',
              )}
              required
              extra={bonusKind === 'MULTIPLIER' ? t('campaigns.form.multiplierHelp') : undefined}
              {...item('bonusValue')}
            >
              <InputNumber min={0} step={bonusKind === 'MULTIPLIER' ? 0.5 : 1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {bonusKind === 'PER_AMOUNT' && (
            <Col xs={12} md={6}>
              <Form.Item label={t('campaigns.fields.perAmount')} required {...item('perAmount')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={6}>
            <Form.Item label={t('campaigns.fields.budget')} required {...item('budget')}>
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={t('campaigns.fields.customerCap')}
              extra={t('campaigns.form.noCap')}
              {...item('customerCap')}
            >
              <InputNumber min={1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={t('campaigns.fields.stackable')}
              valuePropName="checked"
              extra={t('campaigns.form.stackHelp')}
              name="stackable"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={t('campaigns.fields.priority')}
              extra={t('campaigns.form.priorityHelp')}
              {...item('priority')}
            >
              <InputNumber min={0} max={1000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('campaigns.fields.holdoutPct')}
              extra={t('campaigns.form.holdoutHelp', { max: MAX_HOLDOUT_PCT })}
              {...item('holdoutPct')}
            >
              <InputNumber
                min={0}
                max={MAX_HOLDOUT_PCT}
                suffix="%"
                disabled={locked || (campaign?.customersReached ?? 0) > 0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} style={{ marginTop: 16 }}>
          {!locked && (
            <Button type="primary" htmlType="submit">
              {t('common.save')}
            </Button>
          )}
          {!locked && (
            <ReplayButton
              command={campaign ? 'campaign.update' : 'campaign.create'}
              id={campaign?.id}
              input={() => toInput(form.getFieldsValue(true) as Values)}
              testId="campaign-replay"
            />
          )}
          <Button disabled={false} onClick={() => navigate(listUrl)}>
            {t('common.cancel')}
          </Button>
        </Flex>
      </Form>
    </Panel>
  );
}
