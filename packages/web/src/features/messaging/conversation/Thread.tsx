import type { MessageDetail } from '@loyalty/contracts';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime, formatTime } from '../../../components/format.tsx';
import { localText, useDataLang } from '../../../components/localized.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useLang } from '../../../i18n/lang.ts';
import { MessageText } from '../MessageText.tsx';

type Entry = MessageDetail['entries'][number];

/**
 * The thread, oldest first: the customer's messages at the start of the line, staff replies at
 * the end, internal notes across the width on a warning background with a dashed border.
 */
export function Thread({ conversation }: { conversation: MessageDetail }) {
  const lang = useDataLang();
  return (
    <Flex vertical gap={12} data-testid="thread">
      {conversation.entries.map((entry) => (
        <ThreadEntry
          key={entry.id}
          entry={entry}
          customerName={localText(conversation.customerName, conversation.customerNameAr, lang)}
          language={conversation.customer.language}
        />
      ))}
    </Flex>
  );
}

function ThreadEntry({
  entry,
  customerName,
  language,
}: {
  entry: Entry;
  customerName: string;
  /** The customer's: what the conversation is written in. */
  language: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { token } = theme.useToken();
  const look = {
    INBOUND: { align: 'flex-start', background: token.colorFillTertiary, border: 'transparent' },
    REPLY: { align: 'flex-end', background: token.colorPrimaryBg, border: token.colorPrimaryBorder },
    NOTE: { align: 'stretch', background: token.colorWarningBg, border: token.colorWarningBorder },
  }[entry.kind];
  const author = entry.kind === 'INBOUND' ? customerName : (entry.authorName ?? '');
  return (
    <div
      data-testid={`entry-${entry.kind}`}
      style={{
        alignSelf: look.align,
        maxWidth: entry.kind === 'NOTE' ? undefined : '80%',
        background: look.background,
        border: `1px ${entry.kind === 'NOTE' ? 'dashed' : 'solid'} ${look.border}`,
        borderRadius: token.borderRadiusLG,
        padding: '8px 12px',
      }}
    >
      <Flex gap={8} wrap justify="space-between">
        <Typography.Text strong>
          {t(`messaging.conversation.kinds.${entry.kind}`)} · <bdi translate="no">{author}</bdi>
        </Typography.Text>
        <Typography.Text type="secondary">
          <DateTime iso={entry.createdAt} />
        </Typography.Text>
      </Flex>
      <div style={{ marginTop: 4 }}>
        <MessageText lang={language}>{entry.body}</MessageText>
      </div>
      {entry.kind === 'REPLY' && (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {entry.readAt
            ? t('messaging.conversation.readAt', { time: formatTime(entry.readAt, lang) })
            : t('messaging.conversation.unread')}
        </Typography.Text>
      )}
    </div>
  );
}
