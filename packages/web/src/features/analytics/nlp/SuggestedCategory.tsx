import { type MessageInsight, nlpRead } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr, pct } from '../../../components/format.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Tooltip } from '../../../components/Tooltip.tsx';
import { useLang } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { nlpApi } from './api.ts';

/**
 * The NLP insights (suggested category, sentiment) of some conversations, by id: one request for a
 * page of the queue. Nothing is asked without the permission to read them.
 */
export function useMessageInsights(ids: number[]): Map<number, MessageInsight> {
  const can = useCan();
  const allowed = can(nlpRead.code) && ids.length > 0;
  const insights = useQuery({
    queryKey: ['nlp', 'of', ids],
    queryFn: ({ signal }) => nlpApi.of(ids, signal),
    enabled: allowed,
  });
  return new Map((insights.data?.items ?? []).map((i) => [i.id, i]));
}

/**
 * The category the suggester proposes, with its confidence; with `onAccept`, a button that gives
 * the conversation that category (staff's choice is what the next training learns from).
 */
export function SuggestedCategory({
  insight,
  onAccept,
}: {
  insight: MessageInsight | undefined;
  onAccept?: (categoryId: number) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (!insight?.suggestedCategoryId) return null;
  const name = lang === 'ar' ? insight.suggestedCategoryNameAr : insight.suggestedCategoryNameEn;
  const id = insight.suggestedCategoryId;
  return (
    <Space size={4} wrap data-testid="suggested-category">
      <Tooltip title={t('analytics.nlp.suggestion.hint')}>
        {/* A long category's name wraps inside the conversation's side card rather than past it. */}
        <Tag color="geekblue" style={{ whiteSpace: 'normal' }}>
          {t('analytics.nlp.suggestion.label', { name })} <Ltr>{pct(insight.confidence ?? 0)}</Ltr>
        </Tag>
      </Tooltip>
      {onAccept && insight.categoryId !== id && (
        <Button size="small" onClick={() => onAccept(id)}>
          {t('analytics.nlp.suggestion.accept')}
        </Button>
      )}
    </Space>
  );
}
