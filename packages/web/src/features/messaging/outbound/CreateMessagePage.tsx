import {
  messageChannels,
  type OutboundAudienceInput,
  type OutboundMessageInput,
  outboundMessageFields,
  outboundMessageRead,
  renderMessage,
} from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Row } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CheckboxGroup } from '../../../components/CheckboxGroup.tsx';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { formatPoints } from '../../../components/format.tsx';
import { firstFormError } from '../../../components/formErrors.ts';
import { Input } from '../../../components/Input.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.ts';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { messageText, zodRules } from '../../../components/zodRules.ts';
import { useConfirm } from '../../../state/confirm.ts';
import { useCan } from '../../../state/me.ts';
import { useToast } from '../../../state/useToast.ts';
import { messagingApi, templateChoices } from '../api.ts';
import { PlaceholderList } from '../templates/PlaceholderList.tsx';
import { outboundApi } from './api.ts';
import { PastSends } from './PastSends.tsx';
import { defaultAudience, RecipientsCard, usePreview } from './RecipientsCard.tsx';
import { SendProgress } from './SendProgress.tsx';

type Values = Omit<OutboundMessageInput, 'audience' | 'templateId'> & { templateId?: number };
type TextField = 'subjectEn' | 'bodyEn' | 'subjectAr' | 'bodyAr';
const languages = [
  { lang: 'en', subject: 'subjectEn', body: 'bodyEn' },
  { lang: 'ar', subject: 'subjectAr', body: 'bodyAr' },
] as const;

/**
 * create-message: a new message to one customer, a CSV list of customer numbers or an audience;
 * the recipient count shows before sending; subject and body in English and Arabic (written, or
 * from a template) with a live preview filled with the first recipient's values. Sending answers
 * at once and the send's progress and result follow (`?send=<id>`), as for any earlier send.
 */
const NAME = '\u0000';
/** A sentence holding a person's name (`NAME` where it goes), the name marked as data. */
const withName = (sentence: string, name: string) => {
  const [before, after] = sentence.split(NAME);
  return (
    <>
      {before}
      <bdi translate="no">{name}</bdi>
      {after}
    </>
  );
};

export default function CreateMessagePage() {
  const { t } = useTranslation();
  const can = useCan();
  const toast = useToast();
  const confirm = useConfirm();
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [audience, setAudience] = useState<OutboundAudienceInput | undefined>(defaultAudience);
  const [focused, setFocused] = useState<TextField>('bodyEn');
  const preview = usePreview(audience);
  const rules = useMemo(() => zodRules(outboundMessageFields, t), [t]);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const texts = Form.useWatch([], form) ?? {};
  const open = Number(params.get('send')) || undefined;

  const show = (id: number) =>
    setParams((p) => {
      p.set('send', String(id));
      return p;
    });

  const applyTemplate = async (templateId?: number) => {
    if (templateId === undefined) return;
    try {
      const template = await queryClient.fetchQuery({
        queryKey: ['message-templates', 'detail', templateId],
        queryFn: ({ signal }) => messagingApi.template(templateId, signal),
      });
      form.setFieldsValue({ bodyEn: template.bodyEn, bodyAr: template.bodyAr });
      if (!form.getFieldValue('subjectEn')) form.setFieldValue('subjectEn', template.name);
      if (!form.getFieldValue('subjectAr')) form.setFieldValue('subjectAr', template.nameAr || template.name);
      dirty.current = true;
    } catch {
      toast.error(t('messaging.outbound.templateFailed'));
    }
  };

  const insert = (placeholder: string) => {
    const current: string = form.getFieldValue(focused) ?? '';
    form.setFieldValue(focused, current ? `${current} ${placeholder}` : placeholder);
    dirty.current = true;
  };

  const send = async (values: Values) => {
    if (!audience || !preview.data) return;
    const input: OutboundMessageInput = { ...values, templateId: values.templateId ?? null, audience };
    const outcome = await report(outboundApi.send(input), {
      success: 'messaging.outbound.accepted',
      failure: 'messaging.outbound.sendFailed',
    });
    if (outcome.ok) {
      dirty.current = false;
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['outbound-messages', 'list'] });
      if (outcome.result.kind === 'applied') show(outcome.result.data.id);
      return;
    }
    const fields = new Set<string>(Object.keys(outboundMessageFields.shape));
    form.setFields(
      (outcome.error?.errors ?? [])
        .filter((e) => fields.has(e.path))
        .map((e) => ({ name: e.path as TextField, errors: [messageText(t, e.message)] })),
    );
  };

  const confirmSend = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !preview.data) return;
    confirm({
      header: t('messaging.outbound.send'),
      message: t('messaging.outbound.confirm', { count: formatPoints(preview.data.recipients) }),
      handleConfirm: () => send(values),
    });
  };

  const sample = preview.data?.sample;
  const filled = (text: string | undefined) =>
    text && sample ? renderMessage(text, sample.values) : (text ?? '');

  return (
    <Flex vertical gap={16}>
      {open !== undefined && <SendProgress key={open} id={open} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Flex vertical gap={16}>
            <RecipientsCard audience={audience} onChange={setAudience} />
            <Panel title={t('messaging.outbound.message')}>
              <Form<Values>
                form={form}
                name="outbound"
                layout="vertical"
                initialValues={{ channels: ['APP'] }}
                onValuesChange={() => {
                  dirty.current = true;
                }}
                onFinish={() => void confirmSend()}
                onFinishFailed={({ errorFields }) => {
                  const first = firstFormError(errorFields);
                  if (first) toast.error(first);
                }}
              >
                <Form.Item name="templateId" label={t('messaging.outbound.template')}>
                  <ChoiceSelect
                    options={templateChoices}
                    placeholder={t('messaging.outbound.templatePlaceholder')}
                    onChange={(v?: number) => {
                      form.setFieldValue('templateId', v ?? undefined);
                      void applyTemplate(v ?? undefined);
                    }}
                  />
                </Form.Item>
                <Form.Item
                  name="channels"
                  label={t('messaging.outbound.fields.channels')}
                  required
                  rules={rules('channels')}
                >
                  <CheckboxGroup
                    options={messageChannels.map((c) => ({
                      value: c,
                      label: t(`messaging.outbound.channels.${c}`),
                    }))}
                  />
                </Form.Item>
                {languages.map(({ lang, subject, body }) => (
                  <Flex key={lang} vertical>
                    <Form.Item
                      name={subject}
                      label={t(`messaging.outbound.fields.${subject}`)}
                      required
                      rules={rules(subject)}
                    >
                      <Input
                        dir={lang === 'ar' ? 'rtl' : 'ltr'}
                        maxLength={200}
                        onFocus={() => setFocused(subject)}
                      />
                    </Form.Item>
                    <Form.Item
                      name={body}
                      label={t(`messaging.outbound.fields.${body}`)}
                      required
                      rules={rules(body)}
                    >
                      <Input.TextArea
                        rows={5}
                        dir={lang === 'ar' ? 'rtl' : 'ltr'}
                        maxLength={4000}
                        showCount
                        onFocus={() => setFocused(body)}
                      />
                    </Form.Item>
                  </Flex>
                ))}
                <Typography.Paragraph type="secondary">
                  {preview.data
                    ? t('messaging.outbound.sendTo', { count: formatPoints(preview.data.recipients) })
                    : t('messaging.outbound.chooseRecipients')}
                </Typography.Paragraph>
                <Button type="primary" htmlType="submit" disabled={!preview.data}>
                  {t('messaging.outbound.send')}
                </Button>
              </Form>
            </Panel>
          </Flex>
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <Panel
              size="small"
              title={t('messaging.outbound.preview')}
              extra={
                sample
                  ? // The customer's name is data: not read, nor translated, as Arabic (WCAG 3.1.2).
                    withName(
                      t('messaging.outbound.previewFor', { number: sample.customerNumber, name: NAME }),
                      sample.fullName,
                    )
                  : null
              }
            >
              <Tabs
                items={languages.map(({ lang, subject, body }) => ({
                  key: lang,
                  label: t(`customers.languages.${lang}`),
                  children: (
                    <div dir={lang === 'ar' ? 'rtl' : 'ltr'} data-testid={`preview-${lang}`}>
                      <Typography.Text strong>{filled(texts[subject])}</Typography.Text>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>
                        {filled(texts[body]) || t('messaging.outbound.previewEmpty')}
                      </Typography.Paragraph>
                    </div>
                  ),
                }))}
              />
            </Panel>
            <PlaceholderList onInsert={insert} />
          </Flex>
        </Col>
      </Row>
      {can(outboundMessageRead.code) && <PastSends onOpen={show} />}
    </Flex>
  );
}
