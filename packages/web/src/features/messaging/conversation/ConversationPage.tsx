import { messageCommands } from '@loyalty/contracts';
import { Button, Col, Flex, Form, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { DateTime } from '../../../components/format.tsx';
import { Input } from '../../../components/Input.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { screenUrl } from '../../../components/resource.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useLang, useLangNavigate } from '../../../i18n/lang.ts';
import { useConfirm } from '../../../state/confirm.ts';
import { useCan } from '../../../state/me.ts';
import { SuggestedCategory, useMessageInsights } from '../../analytics/widgets.ts';
import { AssignModal } from '../AssignModal.tsx';
import { categoryChoices, categoryName, messagingApi } from '../api.ts';
import { ConversationLoad } from '../ConversationLoad.tsx';
import { replyPath } from '../reply/replyPath.ts';
import { useConversation } from '../useConversation.ts';
import { CustomerCard } from './CustomerCard.tsx';
import { Thread } from './Thread.tsx';

/**
 * admin/message/{id}: the customer's card, the thread in order, and what staff do with it —
 * assign, change the category, add an internal note, reply, close or reopen.
 */
export default function ConversationPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const confirm = useConfirm();
  const navigate = useLangNavigate();
  const { id, valid, conversation, act } = useConversation();
  const insight = useMessageInsights(valid ? [id] : []).get(id);
  const [assigning, setAssigning] = useState(false);
  const [note, setNote] = useState('');
  const [noting, setNoting] = useState(false);

  const c = conversation.data;
  if (!c) return <ConversationLoad valid={valid} query={conversation} />;
  const closed = c.status === 'CLOSED';

  const addNote = async () => {
    setNoting(true);
    const outcome = await act(messagingApi.note(id, note.trim()), {
      success: 'messaging.conversation.noted',
      failure: 'messaging.conversation.noteFailed',
    });
    setNoting(false);
    if (outcome.ok) setNote('');
  };

  const close = () =>
    confirm({
      header: t('messaging.conversation.close'),
      message: t('messaging.conversation.closeConfirm'),
      handleConfirm: () =>
        act(messagingApi.close(id), {
          success: 'messaging.conversation.closed',
          failure: 'messaging.conversation.closeFailed',
        }),
    });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Panel
          title={
            c.subject ? <span lang={c.customer.language}>{c.subject}</span> : t('messaging.queue.noSubject')
          }
          extra={
            <Space wrap>
              {!closed && can(messageCommands.reply.name) && (
                <Button type="primary" onClick={() => navigate(screenUrl(replyPath, id))}>
                  {t('messaging.conversation.reply')}
                </Button>
              )}
              {!closed && can(messageCommands.close.name) && (
                <Button onClick={close}>{t('messaging.conversation.close')}</Button>
              )}
              {closed && can(messageCommands.reopen.name) && (
                <Button
                  onClick={() =>
                    void act(messagingApi.reopen(id), {
                      success: 'messaging.conversation.reopened',
                      failure: 'messaging.conversation.reopenFailed',
                    })
                  }
                >
                  {t('messaging.conversation.reopen')}
                </Button>
              )}
            </Space>
          }
        >
          <Thread conversation={c} />
          {can(messageCommands.note.name) && (
            <Form layout="vertical" style={{ marginTop: 16 }} onFinish={() => void addNote()}>
              <Form.Item
                label={t('messaging.conversation.note')}
                extra={t('messaging.conversation.noteHint')}
              >
                <Input.TextArea
                  rows={3}
                  value={note}
                  maxLength={4000}
                  placeholder={t('messaging.conversation.notePlaceholder')}
                  aria-label={t('messaging.conversation.note')}
                  onChange={(e) => setNote(e.target.value)}
                />
              </Form.Item>
              <Button htmlType="submit" loading={noting} disabled={!note.trim()}>
                {t('messaging.conversation.addNote')}
              </Button>
            </Form>
          )}
        </Panel>
      </Col>
      <Col xs={24} lg={8}>
        <Flex vertical gap={16}>
          <CustomerCard customer={c.customer} />
          <Panel size="small" title={t('messaging.conversation.conversation')}>
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'status',
                  label: t('messaging.conversation.status'),
                  children: (
                    <Space size={4}>
                      <StatusTag status={c.status} prefix="messaging.statuses" />
                      {c.overdue && <Tag color="red">{t('messaging.queue.overdue')}</Tag>}
                    </Space>
                  ),
                },
                {
                  key: 'category',
                  label: t('messaging.conversation.category'),
                  children:
                    can(messageCommands.categorize.name) && !closed ? (
                      <Space wrap>
                        <ChoiceSelect
                          aria-label={t('messaging.conversation.category')}
                          options={categoryChoices(lang)}
                          value={c.categoryId ?? undefined}
                          placeholder={t('messaging.conversation.noCategory')}
                          onChange={(v?: number) =>
                            void act(messagingApi.categorize(id, v ?? null), {
                              success: 'messaging.conversation.categorized',
                              failure: 'messaging.conversation.categorizeFailed',
                            })
                          }
                          style={{ minWidth: 180 }}
                        />
                        <SuggestedCategory
                          insight={insight && { ...insight, categoryId: c.categoryId }}
                          onAccept={(categoryId) =>
                            void act(messagingApi.categorize(id, categoryId), {
                              success: 'messaging.conversation.categorized',
                              failure: 'messaging.conversation.categorizeFailed',
                            })
                          }
                        />
                      </Space>
                    ) : (
                      (categoryName(c, lang) ?? t('messaging.conversation.noCategory'))
                    ),
                },
                {
                  key: 'assignee',
                  label: t('messaging.conversation.assignee'),
                  children: (
                    <Space wrap>
                      {c.assigneeName ? (
                        <LocalText en={c.assigneeName} ar={c.assigneeNameAr} />
                      ) : (
                        <Typography.Text type="secondary">{t('messaging.queue.unassigned')}</Typography.Text>
                      )}
                      {!closed && can(messageCommands.assign.name) && (
                        <Button size="small" onClick={() => setAssigning(true)}>
                          {t('messaging.assign.title')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
                {
                  key: 'channel',
                  label: t('messaging.conversation.channel'),
                  children: t(`messaging.channels.${c.channel}`),
                },
                {
                  key: 'received',
                  label: t('messaging.conversation.receivedAt'),
                  children: <DateTime iso={c.createdAt} />,
                },
                {
                  key: 'due',
                  label: t('messaging.conversation.dueAt'),
                  children: <DateTime iso={c.dueAt} />,
                },
                {
                  key: 'repliedBy',
                  label: t('messaging.conversation.repliedBy'),
                  children: c.repliedByName ? <LocalText en={c.repliedByName} ar={c.repliedByNameAr} /> : '—',
                },
              ]}
            />
          </Panel>
        </Flex>
      </Col>
      <AssignModal
        open={assigning}
        onClose={() => setAssigning(false)}
        onAssign={async (to) =>
          (
            await act(messagingApi.assign(id, to), {
              success: 'messaging.conversation.assigned',
              failure: 'messaging.conversation.assignFailed',
            })
          ).ok
        }
      />
    </Row>
  );
}
