import {
  type AlertChannel,
  type AlertSettings,
  type AlertSettingsInput,
  alertSettingsCommands,
  alertSettingsInput,
} from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Row, Space } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { firstFormError } from '../../components/formErrors.ts';
import { Input } from '../../components/Input.tsx';
import { InputNumber } from '../../components/InputNumber.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { Switch } from '../../components/Switch.tsx';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard.ts';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { issueText } from '../../components/zodRules.ts';
import { useCan } from '../../state/me.ts';
import { useToast } from '../../state/useToast.ts';
import { alertsApi } from './api.ts';

type Values = AlertSettingsInput & { test: Record<AlertChannel, string> };

/** The form's values of stored settings: secrets empty (kept unless typed). */
const toValues = (s: AlertSettings): Values => ({
  smtp: { ...s.smtp, password: '' },
  sms: { ...s.sms, authValue: '' },
  inApp: s.inApp,
  retry: s.retry,
  rateLimit: s.rateLimit,
  timeZone: s.timeZone,
  test: { EMAIL: '', SMS: '', IN_APP: '' },
});

/** The input of the form's values: an empty secret keeps the stored one (null). */
const toInput = ({ test: _test, ...v }: Values): AlertSettingsInput => ({
  ...v,
  smtp: { ...v.smtp, password: v.smtp.password || null },
  sms: { ...v.sms, authValue: v.sms.authValue || null },
});

/**
 * `AlertConfigurations`: the channels' settings (SMTP, SMS gateway, in-app), the retry policy and
 * rate limits, and a test send per channel with the settings as on screen — nothing is saved by a
 * test. Secrets are never shown: an empty field keeps the stored one.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['alert-settings'],
    queryFn: ({ signal }) => alertsApi.settings(signal),
  });
  if (query.isError) return <ProblemPanel tone="warning" title={t('alerts.settings.fetchFailed')} />;
  if (!query.data) return <InlineLoading text={t('alerts.loading')} />;
  return <SettingsForm key={query.data.updatedAt} settings={query.data} />;
}

function SettingsForm({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const can = useCan();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const [tested, setTested] = useState<Partial<Record<AlertChannel, { ok: boolean; text: string }>>>({});
  const [busy, setBusy] = useState<AlertChannel | 'save' | undefined>();
  const canSave = can(alertSettingsCommands.update.name);
  const canTest = can(alertSettingsCommands.test.name);

  /** Field errors of the shared schema on their fields; answers the input when valid. */
  const validated = (): AlertSettingsInput | undefined => {
    const values = form.getFieldsValue(true) as Values;
    const input = toInput(values);
    const parsed = alertSettingsInput.safeParse(input);
    if (parsed.success) return input;
    const fields = parsed.error.issues.map((i) => ({
      name: i.path as never,
      errors: [own(i.message) ?? issueText(t, i, undefined)],
    }));
    form.setFields(fields);
    toast.error(fields[0]?.errors[0] ?? t('validation.invalid'));
    return undefined;
  };
  const own = (key: string) => {
    const k = `alerts.validation.${key}`;
    return t(k) !== k ? t(k) : undefined;
  };

  /** The server's field errors on their fields (a test's paths start with `settings.`). */
  const showFieldErrors = (errors: { path: string; message: string }[] = []) =>
    form.setFields(
      errors.map((e) => ({
        name: e.path.replace(/^settings\./, '').split('.') as never,
        errors: [own(e.message) ?? e.message],
      })),
    );

  const save = async () => {
    const input = validated();
    if (!input) return;
    setBusy('save');
    const done = await outcome(alertsApi.saveSettings(input), {
      success: 'alerts.settings.saved',
      failure: 'alerts.settings.saveFailed',
    });
    setBusy(undefined);
    if (done.ok) {
      dirty.current = false;
      await queryClient.invalidateQueries({ queryKey: ['alert-settings'] });
    } else showFieldErrors(done.error?.errors);
  };

  const test = async (channel: AlertChannel) => {
    const input = validated();
    const to = (form.getFieldValue(['test', channel]) as string | undefined)?.trim();
    if (!input) return;
    if (!to) {
      form.setFields([{ name: ['test', channel], errors: [t('validation.required')] }]);
      return;
    }
    setBusy(channel);
    const done = await outcome(alertsApi.test({ channel, to, settings: input }), {
      success: 'alerts.settings.testSent',
      failure: 'alerts.settings.testFailed',
    });
    setBusy(undefined);
    if (!done.ok) showFieldErrors(done.error?.errors);
    setTested((prev) => ({
      ...prev,
      [channel]: done.ok
        ? { ok: true, text: done.result.kind === 'applied' ? done.result.data.detail : '' }
        : { ok: false, text: done.error?.detail ?? t('error.INTERNAL') },
    }));
  };

  const testRow = (channel: AlertChannel, placeholder: string): ReactNode =>
    canTest && (
      <>
        <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
          <Form.Item name={['test', channel]} noStyle>
            <Input placeholder={t(placeholder)} aria-label={t(placeholder)} dir="ltr" />
          </Form.Item>
          <Button onClick={() => test(channel)} loading={busy === channel} data-testid={`test-${channel}`}>
            {t('alerts.settings.sendTest')}
          </Button>
        </Space.Compact>
        {tested[channel] && (
          <Alert
            style={{ marginTop: 8 }}
            type={tested[channel].ok ? 'success' : 'error'}
            showIcon
            title={t(tested[channel].ok ? 'alerts.settings.testSent' : 'alerts.settings.testFailed')}
            description={<span dir="ltr">{tested[channel].text}</span>}
            data-testid={`test-result-${channel}`}
          />
        )}
      </>
    );

  // A stored secret goes only to the destination it was stored for (the server holds this too).
  const [smtpHost, smtpPort] = [Form.useWatch(['smtp', 'host'], form), Form.useWatch(['smtp', 'port'], form)];
  const [smsUrl, smsHeader] = [
    Form.useWatch(['sms', 'url'], form),
    Form.useWatch(['sms', 'authHeader'], form),
  ];
  // (undefined: the form is not mounted yet.)
  const changed = (now: unknown, stored: unknown) => now !== undefined && now !== stored;
  const smtpMoved = changed(smtpHost, settings.smtp.host) || changed(smtpPort, settings.smtp.port);
  const smsMoved =
    changed(smsUrl, settings.sms.url) ||
    changed(smsHeader?.toLowerCase(), settings.sms.authHeader.toLowerCase());
  const secretHelp = (set: boolean, moved: boolean) =>
    t(
      !set
        ? 'alerts.settings.secretNotSet'
        : moved
          ? 'alerts.settings.secretRebind'
          : 'alerts.settings.secretSet',
    );

  return (
    <Form<Values>
      form={form}
      name="alert-settings"
      layout="vertical"
      initialValues={toValues(settings)}
      disabled={!canSave && !canTest}
      onValuesChange={() => {
        dirty.current = true;
      }}
      onFinish={save}
      onFinishFailed={({ errorFields }) => {
        const first = firstFormError(errorFields);
        if (first) toast.error(first);
      }}
    >
      <Flex vertical gap={16}>
        <Panel
          title={t('alerts.settings.smtp')}
          extra={
            <Form.Item name={['smtp', 'enabled']} valuePropName="checked" noStyle>
              <Switch aria-label={t('alerts.settings.smtpEnabled')} />
            </Form.Item>
          }
        >
          <Row gutter={16}>
            <Col xs={24} md={9}>
              <Form.Item label={t('alerts.settings.host')} name={['smtp', 'host']}>
                <Input dir="ltr" />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item label={t('alerts.settings.port')} name={['smtp', 'port']}>
                <InputNumber min={1} max={65535} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label={t('alerts.settings.tls')} name={['smtp', 'tls']} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                label={t('alerts.settings.requireTls')}
                name={['smtp', 'requireTls']}
                valuePropName="checked"
                tooltip={t('alerts.settings.requireTlsHelp')}
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('alerts.settings.user')} name={['smtp', 'user']}>
                <Input dir="ltr" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('alerts.settings.password')}
                name={['smtp', 'password']}
                extra={secretHelp(settings.smtp.passwordSet, smtpMoved)}
              >
                <Input.Password dir="ltr" autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('alerts.settings.from')} name={['smtp', 'from']}>
                <Input dir="ltr" />
              </Form.Item>
            </Col>
          </Row>
          {testRow('EMAIL', 'alerts.settings.testEmail')}
        </Panel>

        <Panel
          title={t('alerts.settings.sms')}
          extra={
            <Form.Item name={['sms', 'enabled']} valuePropName="checked" noStyle>
              <Switch aria-label={t('alerts.settings.smsEnabled')} />
            </Form.Item>
          }
        >
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item label={t('alerts.settings.url')} name={['sms', 'url']}>
                <Input dir="ltr" placeholder="https://sms.example.com/send" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('alerts.settings.timeoutMs')} name={['sms', 'timeoutMs']}>
                <InputNumber min={500} max={60000} step={500} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('alerts.settings.authHeader')} name={['sms', 'authHeader']}>
                <Input dir="ltr" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                label={t('alerts.settings.authValue')}
                name={['sms', 'authValue']}
                extra={secretHelp(settings.sms.authValueSet, smsMoved)}
              >
                <Input.Password dir="ltr" autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                label={t('alerts.settings.bodyTemplate')}
                name={['sms', 'bodyTemplate']}
                extra={t('alerts.settings.bodyTemplateHelp')}
              >
                <Input.TextArea rows={2} dir="ltr" />
              </Form.Item>
            </Col>
          </Row>
          {testRow('SMS', 'alerts.settings.testMobile')}
        </Panel>

        <Panel
          title={t('alerts.settings.inApp')}
          extra={
            <Form.Item name={['inApp', 'enabled']} valuePropName="checked" noStyle>
              <Switch aria-label={t('alerts.settings.inAppEnabled')} />
            </Form.Item>
          }
        >
          {testRow('IN_APP', 'alerts.settings.testCustomer')}
        </Panel>

        <Panel title={t('alerts.settings.delivery')}>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item label={t('alerts.settings.maxAttempts')} name={['retry', 'maxAttempts']}>
                <InputNumber min={1} max={20} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                label={t('alerts.settings.backoffSeconds')}
                name={['retry', 'backoffSeconds']}
                extra={t('alerts.settings.backoffHelp')}
              >
                <InputNumber min={1} max={3600} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('alerts.settings.emailPerMinute')} name={['rateLimit', 'emailPerMinute']}>
                <InputNumber min={1} max={100000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item label={t('alerts.settings.smsPerMinute')} name={['rateLimit', 'smsPerMinute']}>
                <InputNumber min={1} max={100000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('alerts.settings.timeZone')}
                name="timeZone"
                extra={t('alerts.settings.timeZoneHelp')}
              >
                <Input dir="ltr" />
              </Form.Item>
            </Col>
          </Row>
        </Panel>
        {canSave && (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy === 'save'}>
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Form>
  );
}
