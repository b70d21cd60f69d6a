import { Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../components/Descriptions.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { LocalText } from '../../components/localized.tsx';
import { Panel } from '../../components/Panel.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useLang } from '../../i18n/lang.ts';
import { nameIn } from './api.ts';
import { alertCategoryUi } from './categories.resource.tsx';
import { alertGroupUi } from './groups.resource.tsx';
import { alertPaths } from './paths.ts';
import { useRecord } from './useRecord.ts';

/** `Alerts/{id}`: a category and its groups. */
export default function CategoryPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { id, valid, query } = useRecord(alertCategoryUi.key, alertCategoryUi.api.get);
  const groups = useMemo(
    () => alertGroupUi(lang, { categoryId: id, back: alertPaths.category(id) }),
    [lang, id],
  );
  if (!valid || query.isError)
    return <ProblemPanel tone="warning" title={t('alerts.categories.fetchFailed')} />;
  const c = query.data;
  if (!c) return <InlineLoading text={t('alerts.loading')} />;
  return (
    <Flex vertical gap={16}>
      <Panel title={nameIn(c, lang)}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('alerts.fields.nameEn')}>{c.nameEn}</Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.nameAr')}>{c.nameAr}</Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.status')}>
            <StatusTag status={c.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('alerts.fields.description')}>
            {c.description || c.descriptionAr ? <LocalText en={c.description} ar={c.descriptionAr} /> : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <ResourceTable resource={groups} />
    </Flex>
  );
}
