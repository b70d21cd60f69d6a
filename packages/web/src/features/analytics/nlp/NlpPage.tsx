import {
  insightLanguages,
  type MessageInsight,
  messageInsightSortFields,
  messageResource,
  type NlpModel,
  type NlpOverview,
  nlpCommands,
  sentiments,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Flex, Row, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartDescription, type ChartPoint } from '../../../components/Chart.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatTime, Ltr, ltrText, pct } from '../../../components/format.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { ChoiceFilter } from '../../../components/ListFilters.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Progress } from '../../../components/Progress.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { fixedChoices, screenLink } from '../../../components/resource.ts';
import { Statistic } from '../../../components/Statistic.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useListUrl } from '../../../components/useListUrl.ts';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useLang } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { nlpApi } from './api.ts';

const filterNames = ['period', 'categoryId', 'sentiment', 'language'] as const;
const sentimentColor = { POSITIVE: 'green', NEUTRAL: 'default', NEGATIVE: 'red' } as const;

function monthRange(period: string | undefined): { from?: string; to?: string } {
  const match = period && /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return {};
  const [y, m] = [Number(match[1]), Number(match[2])];
  return {
    from: new Date(Date.UTC(y, m - 1, 1)).toISOString(),
    to: new Date(Date.UTC(y, m, 1)).toISOString(),
  };
}

function categoryLabel(overview: NlpOverview | undefined, id: number | null, lang: string, none: string) {
  const c = overview?.categories.find((x) => x.id === id);
  if (!c) return none;
  return lang === 'ar' ? c.nameAr : c.nameEn;
}

/** Held-out figures per language: the suggester on the newest categorised messages, the sentiment model (lexicon or NLP_MODEL_DIR's) on the labelled set. */
function ModelCard({ model }: { model: NlpModel }) {
  const { t } = useTranslation();
  const rows = insightLanguages.flatMap((lang) => [
    {
      key: `category-${lang}`,
      what: t('analytics.nlp.metrics.category'),
      lang,
      m: model.category?.[lang] ?? null,
    },
    {
      key: `sentiment-${lang}`,
      what:
        model.sentimentModel === 'lexicon'
          ? t('analytics.nlp.metrics.sentiment')
          : t('analytics.nlp.metrics.sentimentOnnx', { name: model.sentimentModel }),
      lang,
      m: model.sentiment[lang],
    },
  ]);
  return (
    <Panel title={t('analytics.nlp.metrics.title', { version: model.version })} data-testid="nlp-metrics">
      <Typography.Paragraph type="secondary">
        {t('analytics.nlp.metrics.explain', { train: model.trainedOn, test: model.testedOn })}
      </Typography.Paragraph>
      <DataTable
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        columns={[
          { key: 'what', title: t('analytics.nlp.metrics.model'), render: (_, r) => r.what },
          {
            key: 'lang',
            title: t('analytics.nlp.metrics.language'),
            render: (_, r) => t(`analytics.nlp.languages.${r.lang}`),
          },
          { key: 'n', title: t('analytics.nlp.metrics.n'), render: (_, r) => (r.m ? r.m.n : '—') },
          {
            key: 'accuracy',
            title: t('analytics.nlp.metrics.accuracy'),
            render: (_, r) => <Ltr>{r.m?.n ? pct(r.m.accuracy) : '—'}</Ltr>,
          },
          {
            key: 'macroF1',
            title: t('analytics.nlp.metrics.macroF1'),
            render: (_, r) => <Ltr>{r.m?.n ? r.m.macroF1.toFixed(3) : '—'}</Ltr>,
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('analytics.nlp.metrics.honest')}
      </Typography.Paragraph>
    </Panel>
  );
}

function Retrain({ runId, onDone }: { runId: number | null | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const report = useWriteOutcome();
  const [started, setStarted] = useState<number | null>(null);
  const [seen, setSeen] = useState<number | null>(null);
  const id = started ?? runId ?? null;
  const run = useQuery({
    queryKey: ['nlp', 'run', id],
    queryFn: ({ signal }) => nlpApi.run(id as number, signal),
    enabled: id !== null,
    refetchInterval: (q) =>
      q.state.data?.status === 'DONE' || q.state.data?.status === 'FAILED' ? false : 1_000,
  });
  const r = run.data;
  if (r && (r.status === 'DONE' || r.status === 'FAILED') && started === r.id && seen !== r.id) {
    setSeen(r.id);
    onDone();
  }
  const train = async () => {
    const outcome = await report(nlpApi.train(), {
      success: 'analytics.nlp.train.started',
      failure: 'analytics.nlp.train.failed',
    });
    if (outcome.ok && outcome.result?.kind === 'applied') setStarted(outcome.result.data.id);
  };
  return (
    <Panel title={t('analytics.nlp.train.title')} data-testid="nlp-training">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('analytics.nlp.train.explain')}</Typography.Text>
        {can(nlpCommands.train.name) && (
          <Button type="primary" onClick={train} disabled={runId === undefined || r?.status === 'RUNNING'}>
            {t('analytics.nlp.train.now')}
          </Button>
        )}
        {r && (
          <div data-testid="nlp-run">
            <Progress
              percent={r.progress}
              status={r.status === 'FAILED' ? 'exception' : r.status === 'DONE' ? 'success' : 'active'}
              aria-label={t('analytics.churn.train.progress')}
            />
            <Typography.Text type="secondary">
              {t(`analytics.churn.train.statuses.${r.status}`)}
            </Typography.Text>
          </div>
        )}
      </Flex>
    </Panel>
  );
}

/** advanced-analytics/NLP: what customers write about, how they feel, and the category suggester's figures. */
export default function NlpPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const queryClient = useQueryClient();
  const list = useListUrl(messageInsightSortFields, filterNames);
  const { filters, filter, query, onTableChange, pagination } = list;
  const overview = useQuery({
    queryKey: ['nlp', 'overview'],
    queryFn: ({ signal }) => nlpApi.overview(signal),
  });
  // The month of the URL as the list's instants: its first day to the next month's.
  const apiQuery = { ...query, period: undefined, ...monthRange(filters.period) };
  const messages = useQuery({
    queryKey: ['nlp', 'messages', apiQuery],
    queryFn: ({ signal }) => nlpApi.list(apiQuery, signal),
    placeholderData: keepPreviousData,
  });
  const o = overview.data;
  const none = t('analytics.nlp.uncategorised');
  const periods = useMemo(() => [...new Set((o?.trend ?? []).map((p) => p.period))], [o]);
  const keywordPeriod = filters.period ?? periods.at(-1);
  // Charts are not mirrored in Arabic (docs/web.md): time runs left to right as on the dashboard.
  const trend = useMemo((): ChartDescription => {
    const cats = [...new Set((o?.trend ?? []).map((p) => p.categoryId))];
    const negativeShare = periods.map((period) => {
      const rows = (o?.trend ?? []).filter((p) => p.period === period);
      const total = rows.reduce((n, r) => n + r.count, 0);
      return total ? +(rows.reduce((n, r) => n + r.negative, 0) / total).toFixed(3) : 0;
    });
    return {
      kind: 'bar',
      labels: periods,
      series: [
        // A bar series per category, in the order onTrendClick finds them.
        ...cats.map((categoryId) => ({
          name: categoryLabel(o, categoryId, lang, none),
          stack: 'volume',
          data: periods.map(
            (period) => o?.trend.find((p) => p.period === period && p.categoryId === categoryId)?.count ?? 0,
          ),
        })),
        { name: t('analytics.nlp.trend.negative'), type: 'line', axis: 'right', data: negativeShare },
      ],
      y: { title: t('analytics.nlp.trend.volume') },
      y2: { title: t('analytics.nlp.trend.negative'), min: 0, max: 1 },
      legend: 'bottom',
    };
  }, [o, periods, lang, none, t]);

  const onTrendClick = (p: ChartPoint) => {
    const period = periods[p.dataIndex ?? -1];
    if (!period) return;
    const cats = [...new Set((o?.trend ?? []).map((x) => x.categoryId))];
    const categoryId = p.seriesType === 'bar' ? cats[p.seriesIndex ?? -1] : undefined;
    filter({ period, categoryId: categoryId ? String(categoryId) : undefined });
  };

  if (overview.isError) return <QueryError query={overview} />;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['nlp'] });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('routes.messageInsights')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('analytics.nlp.intro')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {o?.model ? (
            <ModelCard model={o.model} />
          ) : (
            <Panel loading={!o}>
              <Empty description={t('analytics.nlp.noModel')} />
            </Panel>
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <Retrain runId={o ? (o.latestRun?.id ?? null) : undefined} onDone={refresh} />
            <Panel>
              <Flex gap={24} wrap>
                <Statistic title={t('analytics.nlp.analysed')} value={o?.analysed ?? 0} />
                {sentiments.map((s) => (
                  <Statistic
                    key={s}
                    title={t(`analytics.nlp.sentiments.${s}`)}
                    value={o?.sentiments.find((x) => x.sentiment === s)?.count ?? 0}
                  />
                ))}
              </Flex>
            </Panel>
          </Flex>
        </Col>
      </Row>
      <Panel title={t('analytics.nlp.trend.title')} data-testid="nlp-trend">
        {periods.length ? (
          <Chart
            description={trend}
            height={320}
            label={t('analytics.nlp.trend.title')}
            onClick={onTrendClick}
          />
        ) : (
          <Empty />
        )}
      </Panel>
      <Panel
        title={t('analytics.nlp.keywords.title', { period: keywordPeriod ? ltrText(keywordPeriod) : '—' })}
        data-testid="nlp-keywords"
      >
        <Row gutter={[16, 16]}>
          {insightLanguages.map((l) => (
            <Col xs={24} md={12} key={l}>
              <Typography.Text strong>{t(`analytics.nlp.languages.${l}`)}</Typography.Text>
              <div style={{ marginTop: 8 }}>
                <Space size={[6, 6]} wrap>
                  {(o?.keywords ?? [])
                    .filter((k) => k.period === keywordPeriod && k.language === l)
                    .map((k) => (
                      <Tag key={k.word}>
                        <bdi>{k.word}</bdi> · {k.count}
                      </Tag>
                    ))}
                </Space>
              </div>
            </Col>
          ))}
        </Row>
      </Panel>
      <Panel title={t('analytics.nlp.messages.title')} data-testid="nlp-messages">
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <ChoiceFilter
            list={list}
            name="period"
            label="analytics.nlp.filters.period"
            options={periods.map((p) => ({ value: p, label: p }))}
            width={140}
          />
          <ChoiceFilter
            list={list}
            name="categoryId"
            label="analytics.nlp.filters.category"
            options={(o?.categories ?? []).map((c) => ({
              value: c.id,
              label: lang === 'ar' ? c.nameAr : c.nameEn,
            }))}
            width={180}
          />
          <ChoiceFilter
            list={list}
            name="sentiment"
            label="analytics.nlp.filters.sentiment"
            options={fixedChoices(sentiments, 'analytics.nlp.sentiments')}
            width={150}
          />
          <ChoiceFilter
            list={list}
            name="language"
            label="analytics.nlp.filters.language"
            options={fixedChoices(insightLanguages, 'analytics.nlp.languages')}
            width={140}
          />
        </Flex>
        <DataTable<MessageInsight>
          rowKey="id"
          loading={messages.isFetching}
          dataSource={messages.data?.items ?? []}
          onChange={onTableChange}
          pagination={pagination(messages.data?.total, t)}
          locale={{ emptyText: t('msg.noRecordsFound') }}
          columns={[
            {
              key: 'message',
              title: t('analytics.nlp.messages.message'),
              render: (_, m) => (
                <LangLink to={screenLink(messageResource, 'view', m.id)}>
                  <bdi>{m.subject || m.preview}</bdi>
                </LangLink>
              ),
            },
            {
              key: 'language',
              title: t('analytics.nlp.filters.language'),
              render: (_, m) => t(`analytics.nlp.languages.${m.language}`),
            },
            {
              key: 'sentiment',
              title: t('analytics.nlp.filters.sentiment'),
              render: (_, m) => (
                <Tag color={sentimentColor[m.sentiment]}>{t(`analytics.nlp.sentiments.${m.sentiment}`)}</Tag>
              ),
            },
            {
              key: 'category',
              title: t('analytics.nlp.filters.category'),
              render: (_, m) => categoryLabel(o, m.categoryId, lang, none),
            },
            {
              key: 'suggested',
              title: t('analytics.nlp.messages.suggested'),
              render: (_, m) =>
                m.suggestedCategoryId ? (
                  <Space>
                    {categoryLabel(o, m.suggestedCategoryId, lang, none)}
                    <Ltr>{pct(m.confidence ?? 0)}</Ltr>
                  </Space>
                ) : (
                  '—'
                ),
            },
            {
              key: 'createdAt',
              title: t('analytics.nlp.messages.createdAt'),
              render: (_, m) => formatTime(m.createdAt, lang),
            },
          ]}
        />
      </Panel>
    </Flex>
  );
}
