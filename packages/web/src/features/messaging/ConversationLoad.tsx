import { messageResource } from '@loyalty/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { screenLink } from '../../components/resource.ts';
import { useLangNavigate } from '../../i18n/lang.ts';

/** While a conversation loads, or when it cannot be: the loading text, or a way back to the queue. */
export function ConversationLoad({ valid, query }: { valid: boolean; query: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  if (valid && !query.isError) return <InlineLoading text={t('messaging.conversation.loading')} />;
  return (
    <>
      {valid && <QueryError query={query} />}
      <ProblemPanel
        tone="warning"
        title={t('messaging.conversation.fetchFailed')}
        action={
          <Button onClick={() => navigate(screenLink(messageResource, 'list'))}>
            {t('common.backToList')}
          </Button>
        }
      />
    </>
  );
}
