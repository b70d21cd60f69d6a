import { alertCommands } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../components/Descriptions.tsx';
import { formatPoints } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { Statistic } from '../../components/Statistic.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLang, useLangNavigate } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { alertApi } from './alerts.resource.tsx';
import { alertsApi, nameIn } from './api.ts';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { alertPaths } from './paths.ts';
import { useRecord } from './useRecord.ts';

/** `Alerts/ViewAlert/{id}`: an alert, its delivery statistics (30 days) and its latest deliveries. */
export default function AlertPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const navigate = useLangNavigate();
  const { id, valid, query } = useRecord('alerts', alertApi.get);
  const stats = useQuery({
    queryKey: ['alert-deliveries', 'stats', id],
    queryFn: ({ signal }) => alertsApi.stats(id, signal),
    enabled: valid,
  });
  if (!valid || query.isError) return <ProblemPanel tone="warning" title={t('alerts.alerts.fetchFailed')} />;
  const a = query.data;
  if (!a) return <InlineLoading text={t('alerts.loading')} />;
  const s = stats.data;
  return (
    <Flex vertical gap={16}>
      <Panel
        title={nameIn(a, lang)}
        extra={
          can(alertCommands.update.name) && (
            <Button type="primary" onClick={() => navigate(alertPaths.editAlert(a.id))}>
              {t('common.edit')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('alerts.fields.group')}>
            <LangLink to={alertPaths.viewGroup(a.groupId)}>
              {nameIn({ nameEn: a.groupNameEn, nameAr: a.groupNameAr }, lang)}
            </LangLink>
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.event')}>
            {t(`alerts.events.${a.event}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.kind')}>{t(`alerts.kinds.${a.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.channels')}>
            {a.channels.map((c) => (
              <Tag key={c}>{t(`alerts.channels.${c}`)}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.status')}>
            <StatusTag status={a.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.quietHours')}>
            {a.quietHours ? <span dir="ltr">{`${a.quietHours.start}–${a.quietHours.end}`}</span> : '—'}
          </Descriptions.Item>
          {a.leadDays !== null && (
            <Descriptions.Item label={t('alerts.fields.leadDays')}>{a.leadDays}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('alerts.fields.audience')}>
            {a.audience.tierIds.length || a.audience.segments.length
              ? [
                  a.audience.tierIds.length
                    ? t('alerts.form.tierCount', { count: a.audience.tierIds.length })
                    : '',
                  ...a.audience.segments.map((g) => t(`alerts.segments.${g}`)),
                ]
                  .filter(Boolean)
                  .join(' · ')
              : t('alerts.form.everyone')}
          </Descriptions.Item>
        </Descriptions>
        <Row gutter={16} style={{ marginTop: 8 }}>
          {a.channels.map((c) => {
            const tpl = a.templates[c];
            return (
              <Col xs={24} md={8} key={c}>
                <Panel size="small" type="inner" title={t(`alerts.channels.${c}`)}>
                  <Typography.Paragraph
                    dir="ltr"
                    lang="en"
                    style={{ marginBottom: 4, direction: 'ltr', textAlign: 'left' }}
                  >
                    {tpl?.subjectEn && <strong>{tpl.subjectEn} — </strong>}
                    {tpl?.bodyEn}
                  </Typography.Paragraph>
                  <Typography.Paragraph
                    dir="rtl"
                    lang="ar"
                    style={{ marginBottom: 0, direction: 'rtl', textAlign: 'right' }}
                  >
                    {tpl?.subjectAr && <strong>{tpl.subjectAr} — </strong>}
                    {tpl?.bodyAr}
                  </Typography.Paragraph>
                </Panel>
              </Col>
            );
          })}
        </Row>
      </Panel>
      <Panel title={t('alerts.stats.title', { days: s?.days ?? 30 })}>
        <Row gutter={16}>
          {(['sent', 'delivered', 'failed', 'pending', 'skipped'] as const).map((k) => (
            <Col xs={12} md={4} key={k}>
              <Statistic
                title={t(`alerts.stats.${k}`)}
                value={s ? formatPoints(s[k]) : '—'}
                styles={{ content: k === 'failed' && s && s.failed > 0 ? { color: '#cf1322' } : undefined }}
              />
            </Col>
          ))}
        </Row>
      </Panel>
      <Panel title={t('alerts.deliveries.latest')}>
        <DeliveriesTable alertId={a.id} />
      </Panel>
    </Flex>
  );
}
