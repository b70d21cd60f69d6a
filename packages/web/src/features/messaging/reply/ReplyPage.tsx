import { messageReplyBody, messageResource, renderMessage } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Row } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { firstFormError } from '../../../components/formErrors.ts';
import { Input } from '../../../components/Input.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { screenLink } from '../../../components/resource.ts';
import { Typography } from '../../../components/Typography.tsx';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.ts';
import { messageText, zodRules } from '../../../components/zodRules.ts';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { useToast } from '../../../state/useToast.ts';
import { messagingApi, templateChoices } from '../api.ts';
import { ConversationLoad } from '../ConversationLoad.tsx';
import { Thread } from '../conversation/Thread.tsx';
import { MessageText } from '../MessageText.tsx';
import { PlaceholderList } from '../templates/PlaceholderList.tsx';
import { useConversation } from '../useConversation.ts';

type Values = { templateId?: number; body?: string };

/**
 * replay/message/{id}: a reply written freely or from a template (its body in the customer's
 * language), with a live preview of the placeholders filled as the server will fill them; sent to
 * the customer's in-app inbox (and e-mail), leaving the conversation REPLIED, or replied and closed.
 */
export default function ReplyPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useLangNavigate();
  const queryClient = useQueryClient();
  const { id, valid, conversation, act } = useConversation();
  const [form] = Form.useForm<Values>();
  const body = Form.useWatch('body', form) ?? '';
  const rules = useMemo(() => zodRules(messageReplyBody, t), [t]);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const sending = useRef(false);

  const values = useQuery({
    queryKey: ['messages', 'placeholders', id],
    queryFn: ({ signal }) => messagingApi.placeholders(id, signal),
    enabled: valid,
  });

  const c = conversation.data;
  if (!c) return <ConversationLoad valid={valid} query={conversation} />;
  const language = c.customer.language;
  const closed = c.status === 'CLOSED';

  const applyTemplate = async (templateId?: number) => {
    if (templateId === undefined) return;
    try {
      const template = await queryClient.fetchQuery({
        queryKey: ['message-templates', 'detail', templateId],
        queryFn: ({ signal }) => messagingApi.template(templateId, signal),
      });
      form.setFieldValue('body', language === 'ar' ? template.bodyAr : template.bodyEn);
      dirty.current = true;
      void form.validateFields(['body']);
    } catch {
      toast.error(t('messaging.reply.templateFailed'));
    }
  };

  const insert = (placeholder: string) => {
    const current = form.getFieldValue('body') ?? '';
    form.setFieldValue('body', current ? `${current} ${placeholder}` : placeholder);
    dirty.current = true;
  };

  const send = async (close: boolean) => {
    if (sending.current) return;
    const checked = await form.validateFields().catch(() => undefined);
    if (!checked) return;
    sending.current = true;
    const outcome = await act(
      messagingApi.reply(id, { body: checked.body ?? '', templateId: checked.templateId ?? null, close }),
      { success: 'messaging.reply.sent', failure: 'messaging.reply.sendFailed' },
    );
    sending.current = false;
    if (outcome.ok) {
      dirty.current = false;
      navigate(screenLink(messageResource, 'view', id));
      return;
    }
    form.setFields(
      (outcome.error?.errors ?? [])
        .filter((e) => e.path === 'body')
        .map((e) => ({ name: 'body', errors: [messageText(t, e.message)] })),
    );
  };

  const preview = values.data && body.trim() ? renderMessage(body, values.data) : '';

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Flex vertical gap={16}>
          <Panel size="small" title={t('messaging.reply.question')}>
            <Thread conversation={c} />
          </Panel>
          <Panel>
            {closed && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('messaging.reply.closedNotice')}
              />
            )}
            <Form<Values>
              form={form}
              name="reply"
              layout="vertical"
              disabled={closed}
              onValuesChange={(_, all) => {
                dirty.current = Boolean(all.body?.trim());
              }}
              onFinish={() => void send(false)}
              onFinishFailed={({ errorFields }) => {
                const first = firstFormError(errorFields);
                if (first) toast.error(first);
              }}
            >
              <Form.Item name="templateId" label={t('messaging.reply.template')}>
                <ChoiceSelect
                  options={templateChoices}
                  placeholder={t('messaging.reply.templatePlaceholder')}
                  onChange={(v?: number) => {
                    form.setFieldValue('templateId', v ?? undefined);
                    void applyTemplate(v ?? undefined);
                  }}
                />
              </Form.Item>
              <Form.Item name="body" label={t('messaging.reply.body')} required rules={rules('body')}>
                <Input.TextArea rows={8} dir={language === 'ar' ? 'rtl' : 'ltr'} maxLength={4000} showCount />
              </Form.Item>
              <Typography.Paragraph type="secondary">{t('messaging.reply.delivery')}</Typography.Paragraph>
              <Flex gap={8} wrap>
                <Button type="primary" htmlType="submit">
                  {t('messaging.reply.send')}
                </Button>
                <Button onClick={() => void send(true)}>{t('messaging.reply.sendAndClose')}</Button>
                <Button disabled={false} onClick={() => navigate(screenLink(messageResource, 'view', id))}>
                  {t('common.cancel')}
                </Button>
              </Flex>
            </Form>
          </Panel>
        </Flex>
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical gap={16}>
          <Panel
            size="small"
            title={t('messaging.reply.preview')}
            extra={t('messaging.reply.previewIn', { language: t(`customers.languages.${language}`) })}
          >
            {preview ? (
              <MessageText testId="reply-preview" dir={language === 'ar' ? 'rtl' : 'ltr'}>
                {preview}
              </MessageText>
            ) : (
              <Typography.Text type="secondary" data-testid="reply-preview">
                {t('messaging.reply.previewEmpty')}
              </Typography.Text>
            )}
          </Panel>
          {!closed && <PlaceholderList onInsert={insert} />}
        </Flex>
      </Col>
    </Row>
  );
}
