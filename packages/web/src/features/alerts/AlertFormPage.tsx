import {
  type Alert,
  type AlertChannel,
  type AlertInput,
  alertChannels,
  alertCommands,
  alertEvents,
  alertFields,
  alertPlaceholders,
  alertSampleValues,
  fillPlaceholders,
  scheduledAlertEvents,
} from '@loyalty/contracts';
import { Button, Col, Flex, Form, type FormRule, Radio, Row } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { ApprovalNotice } from '../../components/ApprovalNotice.tsx';
import { CheckboxGroup } from '../../components/CheckboxGroup.tsx';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { Input } from '../../components/Input.tsx';
import { InputNumber } from '../../components/InputNumber.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { fixedChoices } from '../../components/resource.ts';
import { Select } from '../../components/Select.tsx';
import { activeStatusChoices } from '../../components/StatusTag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useFormScreen } from '../../components/useFormScreen.ts';
import { issueText, messageText } from '../../components/zodRules.ts';
import { alertApi } from './alerts.resource.tsx';
import { audienceTierChoices } from './api.ts';
import { alertPaths } from './paths.ts';
import { useRecord } from './useRecord.ts';

type Template = { subjectEn: string; subjectAr: string; bodyEn: string; bodyAr: string };
/** The form's values: the input's shape, quiet hours as two texts (both empty: none). */
interface Values {
  nameEn: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  event: AlertInput['event'];
  kind: 'SERVICE' | 'MARKETING';
  channels: AlertChannel[];
  templates: Partial<Record<AlertChannel, Template>>;
  audience: { tierIds: number[]; segments: ('RETAIL' | 'BUSINESS')[] };
  quietHours: { start: string; end: string };
  leadDays: number | null;
  status: 'ACTIVE' | 'DISABLED';
}

const emptyTemplate: Template = { subjectEn: '', subjectAr: '', bodyEn: '', bodyAr: '' };

const toInput = (v: Values, groupId: number): AlertInput => ({
  groupId,
  nameEn: v.nameEn ?? '',
  nameAr: v.nameAr ?? '',
  description: v.description ?? '',
  descriptionAr: v.descriptionAr ?? '',
  event: v.event,
  kind: v.kind,
  channels: v.channels ?? [],
  templates: Object.fromEntries(
    (v.channels ?? []).map((c) => [c, { ...emptyTemplate, ...v.templates?.[c] }]),
  ),
  audience: { tierIds: v.audience?.tierIds ?? [], segments: v.audience?.segments ?? [] },
  quietHours:
    v.quietHours?.start || v.quietHours?.end ? { start: v.quietHours.start, end: v.quietHours.end } : null,
  leadDays: v.event && scheduledAlertEvents.includes(v.event) ? (v.leadDays ?? null) : null,
  status: v.status,
});

const toValues = (a: Alert): Values => ({
  nameEn: a.nameEn,
  nameAr: a.nameAr,
  description: a.description,
  descriptionAr: a.descriptionAr,
  event: a.event,
  kind: a.kind,
  channels: a.channels,
  templates: a.templates as Values['templates'],
  audience: a.audience,
  quietHours: a.quietHours ?? { start: '', end: '' },
  leadDays: a.leadDays,
  status: a.status,
});

/** A message key of the alerts' own validation, else the shared texts. */
function errorText(t: TFunction, message: string, issue?: z.core.$ZodIssue, value?: unknown) {
  const own = `alerts.validation.${message}`;
  if (t(own) !== own) return t(own);
  return issue ? issueText(t, issue, value) : messageText(t, message);
}

/** `Alerts/AddAlert/{groupId}` and `Alerts/EditAlert/{id}`: one screen, two modes (spec §2). */
export default function AlertFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const routeId = Number(useParams().id);
  const editing = useRecord('alerts', alertApi.get);
  if (mode === 'edit') {
    if (!editing.valid || editing.query.isError) {
      return <ProblemPanel tone="warning" title={t('alerts.alerts.fetchFailed')} />;
    }
    if (!editing.query.data) return <InlineLoading text={t('alerts.loading')} />;
    return (
      <AlertForm
        key={editing.query.data.updatedAt}
        groupId={editing.query.data.groupId}
        alert={editing.query.data}
      />
    );
  }
  if (!Number.isInteger(routeId) || routeId <= 0) {
    return <ProblemPanel tone="warning" title={t('alerts.groups.fetchFailed')} />;
  }
  return <AlertForm groupId={routeId} />;
}

function AlertForm({ groupId, alert }: { groupId: number; alert?: Alert }) {
  const { t } = useTranslation();
  const { form, formProps, save, navigate } = useFormScreen<Values>();
  const channels: AlertChannel[] = Form.useWatch('channels', form) ?? [];
  const event = Form.useWatch('event', form);
  const initial: Partial<Values> = alert
    ? toValues(alert)
    : {
        kind: 'SERVICE',
        status: 'ACTIVE',
        channels: ['IN_APP'],
        templates: {},
        audience: { tierIds: [], segments: [] },
        quietHours: { start: '', end: '' },
        leadDays: null,
      };

  /** A field's rule: the whole input parsed by the shared schema, this field's first issue. */
  const rule =
    (path: string): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = getFieldsValue(true) as Values;
        const result = alertFields.safeParse(toInput(values, groupId));
        const issue = result.error?.issues.find((i) => i.path.join('.') === path);
        if (issue) {
          const value = issue.path.reduce<unknown>(
            (v, k) => (v as Record<PropertyKey, unknown>)?.[k],
            toInput(values, groupId),
          );
          throw new Error(errorText(t, issue.message, issue, value));
        }
      },
    });
  const item = (path: string) => ({ name: path.split('.'), rules: [rule(path)] });

  const submit = async (values: Values) => {
    const input = toInput(values, groupId);
    const parsed = alertFields.safeParse(input);
    if (!parsed.success) return;
    await save(
      alert ? alertApi.update(alert.id, input) : alertApi.create(input),
      {
        success: alert ? 'alerts.alerts.updated' : 'alerts.alerts.created',
        failure: alert ? 'alerts.alerts.updateFailed' : 'alerts.alerts.createFailed',
      },
      {
        refresh: ['alerts'],
        next: (saved) => (saved ? alertPaths.viewAlert(saved.id) : alertPaths.viewGroup(groupId)),
        fieldErrors: (errors) =>
          errors.map((e) => ({ name: e.path.split('.') as never, errors: [errorText(t, e.message)] })),
      },
    );
  };

  const preview = (text: string | undefined, lang: 'en' | 'ar') =>
    text ? fillPlaceholders(text, alertSampleValues[lang]) : '';

  return (
    <Panel title={t(alert ? 'routes.editAlert' : 'routes.addAlert')}>
      <ApprovalNotice serviceId={alert ? alertCommands.update.name : alertCommands.create.name} />
      <Form<Values> {...formProps} name="alert" initialValues={initial} onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.fields.nameEn')} required {...item('nameEn')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.fields.nameAr')} required {...item('nameAr')}>
              <Input dir="rtl" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.fields.event')} required {...item('event')}>
              <Select
                options={alertEvents.map((e) => ({ value: e, label: t(`alerts.events.${e}`) }))}
                placeholder={t('alerts.form.chooseEvent')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('alerts.fields.kind')} {...item('kind')}>
              <Radio.Group
                options={['SERVICE', 'MARKETING'].map((k) => ({ value: k, label: t(`alerts.kinds.${k}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('alerts.fields.status')} {...item('status')}>
              <ChoiceSelect options={activeStatusChoices} allowClear={false} />
            </Form.Item>
          </Col>
          {event && scheduledAlertEvents.includes(event) && (
            <Col xs={24} md={12}>
              <Form.Item
                label={t('alerts.fields.leadDays')}
                required
                extra={t('alerts.form.leadDaysHelp')}
                {...item('leadDays')}
              >
                <InputNumber min={1} max={365} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24}>
            <Form.Item label={t('alerts.fields.description')} {...item('description')}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('common.descriptionAr')} {...item('descriptionAr')}>
              <Input.TextArea rows={2} dir="rtl" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('alerts.fields.tiers')}
              extra={t('alerts.form.everyone')}
              {...item('audience.tierIds')}
            >
              <ChoiceSelect
                options={audienceTierChoices}
                mode="multiple"
                placeholder={t('alerts.form.allTiers')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('alerts.fields.segments')} {...item('audience.segments')}>
              <ChoiceSelect
                options={fixedChoices(['RETAIL', 'BUSINESS'], 'alerts.segments')}
                mode="multiple"
                placeholder={t('alerts.form.allSegments')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('alerts.fields.quietStart')} {...item('quietHours.start')}>
              <Input placeholder="22:00" dir="ltr" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('alerts.fields.quietEnd')} {...item('quietHours.end')}>
              <Input placeholder="07:00" dir="ltr" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Typography.Paragraph type="secondary" style={{ marginTop: 30 }}>
              {t('alerts.form.quietHelp')}
            </Typography.Paragraph>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('alerts.fields.channels')} required {...item('channels')}>
              <CheckboxGroup
                options={alertChannels.map((c) => ({ value: c, label: t(`alerts.channels.${c}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={16} align="start" wrap>
          <Flex vertical gap={16} style={{ flex: '1 1 560px', minWidth: 0 }}>
            {alertChannels
              .filter((c) => channels.includes(c))
              .map((c) => (
                <Panel
                  key={c}
                  size="small"
                  title={t('alerts.form.templateOf', { channel: t(`alerts.channels.${c}`) })}
                >
                  <Row gutter={16}>
                    {(['En', 'Ar'] as const).map((l) => {
                      const lang = l === 'En' ? 'en' : 'ar';
                      return (
                        <Col xs={24} md={12} key={l}>
                          {c !== 'SMS' && (
                            <Form.Item
                              label={t(`alerts.fields.subject${l}`)}
                              required
                              dependencies={[['channels']]}
                              {...item(`templates.${c}.subject${l}`)}
                            >
                              <Input dir={lang === 'ar' ? 'rtl' : 'ltr'} />
                            </Form.Item>
                          )}
                          <Form.Item
                            label={t(`alerts.fields.body${l}`)}
                            required
                            {...item(`templates.${c}.body${l}`)}
                          >
                            <Input.TextArea rows={3} dir={lang === 'ar' ? 'rtl' : 'ltr'} />
                          </Form.Item>
                          <Form.Item noStyle shouldUpdate>
                            {({ getFieldValue }) => {
                              const body = getFieldValue(['templates', c, `body${l}`]) as string | undefined;
                              return body ? (
                                <Typography.Paragraph
                                  type="secondary"
                                  dir={lang === 'ar' ? 'rtl' : 'ltr'}
                                  data-testid={`preview-${c}-${lang}`}
                                >
                                  {t('alerts.form.preview')}: <span lang={lang}>{preview(body, lang)}</span>
                                </Typography.Paragraph>
                              ) : null;
                            }}
                          </Form.Item>
                        </Col>
                      );
                    })}
                  </Row>
                </Panel>
              ))}
          </Flex>
          <Panel size="small" title={t('alerts.form.placeholders')} style={{ flex: '0 1 320px' }}>
            {Object.keys(alertPlaceholders).map((p) => (
              <div key={p}>
                <Typography.Text code copyable dir="ltr">{`{{${p}}}`}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {t(`alerts.placeholders.${p.replace('.', '_')}`)}
                </Typography.Text>
              </div>
            ))}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('alerts.form.sample')}
            </Typography.Paragraph>
          </Panel>
        </Flex>
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
          <Button
            onClick={() => navigate(alert ? alertPaths.viewAlert(alert.id) : alertPaths.viewGroup(groupId))}
          >
            {t('common.cancel')}
          </Button>
        </Flex>
      </Form>
    </Panel>
  );
}
