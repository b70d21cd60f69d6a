import { messagePlaceholderNames } from '@loyalty/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/Panel.tsx';
import { Typography } from '../../../components/Typography.tsx';

/**
 * The documented placeholders (contracts `messagePlaceholders`), each with what it becomes; a
 * click on one hands it to `onInsert` (the reply screen puts it in the text), else copies it.
 */
export function PlaceholderList({ onInsert }: { onInsert?: (placeholder: string) => void }) {
  const { t } = useTranslation();
  return (
    <Panel size="small" title={t('messaging.placeholders.title')} data-testid="placeholder-list">
      <Typography.Paragraph type="secondary">{t('messaging.placeholders.help')}</Typography.Paragraph>
      <Flex vertical gap={8}>
        {messagePlaceholderNames.map((name) => {
          const code = `{{${name}}}`;
          return (
            <div key={name}>
              <bdi dir="ltr">
                {onInsert ? (
                  <Typography.Link code onClick={() => onInsert(code)} title={t('messaging.reply.insert')}>
                    {code}
                  </Typography.Link>
                ) : (
                  <Typography.Text code copyable>
                    {code}
                  </Typography.Text>
                )}
              </bdi>
              <div>
                <Typography.Text type="secondary">{t(`messaging.placeholders.${name}`)}</Typography.Text>
              </div>
            </div>
          );
        })}
      </Flex>
    </Panel>
  );
}
