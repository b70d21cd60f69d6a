import { Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../components/Descriptions.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { LocalText } from '../../components/localized.tsx';
import { Panel } from '../../components/Panel.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useLang } from '../../i18n/lang.ts';
import { alertUi } from './alerts.resource.tsx';
import { alertGroupUi } from './groups.resource.tsx';
import { alertPaths } from './paths.ts';
import { useRecord } from './useRecord.ts';

/** `Alerts/ViewAlertGroup/{id}`: a group and its alerts. */
export default function GroupPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const base = useMemo(() => alertGroupUi(lang, { back: '' }), [lang]);
  const { id, valid, query } = useRecord(base.key, base.api.get);
  const alerts = useMemo(() => alertUi(id, t), [id, t]);
  if (!valid || query.isError) return <ProblemPanel tone="warning" title={t('alerts.groups.fetchFailed')} />;
  const g = query.data;
  if (!g) return <InlineLoading text={t('alerts.loading')} />;
  return (
    <Flex vertical gap={16}>
      <Panel title={lang === 'ar' ? g.nameAr : g.nameEn}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('alerts.fields.category')}>
            <LangLink to={alertPaths.category(g.categoryId)}>
              {lang === 'ar' ? g.categoryNameAr : g.categoryNameEn}
            </LangLink>
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.nameEn')}>{g.nameEn}</Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.nameAr')}>{g.nameAr}</Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.status')}>
            <StatusTag status={g.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.description')}>
            {g.description || g.descriptionAr ? <LocalText en={g.description} ar={g.descriptionAr} /> : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <ResourceTable resource={alerts} />
    </Flex>
  );
}
