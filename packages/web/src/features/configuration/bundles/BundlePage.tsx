import { configBundleCommands, configBundleResource, configItemCommands } from '@loyalty/contracts';
import { Button, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { Ltr } from '../../../components/format.tsx';
import { InlineLoading } from '../../../components/LoadingOverlay.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { ProblemPanel } from '../../../components/plain.tsx';
import { screenLink } from '../../../components/resource.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useLang, useLangNavigate } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { configPaths } from './api.ts';
import { inLang, p } from './bundles.resource.tsx';
import { ItemsTable } from './ItemsTable.tsx';
import { useBundle } from './useBundle.ts';
import { VersionHistory } from './VersionHistory.tsx';

/** SystemConfigurations/Bundle/{id}: a bundle and its items, read-only, with their history. */
export default function BundlePage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const navigate = useLangNavigate();
  const { id, valid, bundle, items } = useBundle();
  if (!valid || bundle.isError) return <ProblemPanel tone="warning" title={t(`${p}.fetchFailed`)} />;
  const b = bundle.data;
  if (!b) return <InlineLoading text={t(`${p}.loading`)} />;
  return (
    <Flex vertical gap={16}>
      <Panel
        title={
          <Space>
            {inLang(b, lang)}
            {b.system && <Tag color="blue">{t(`${p}.system`)}</Tag>}
          </Space>
        }
        extra={
          <Space>
            {can(configBundleCommands.update.name) && (
              <Button onClick={() => navigate(screenLink(configBundleResource, 'edit', id))}>
                {t('common.edit')}
              </Button>
            )}
            {can(configItemCommands.update.name) && (
              <Button
                type="primary"
                data-testid="configure-bundle"
                onClick={() => navigate(configPaths.configure(id))}
              >
                {t(`${p}.configure`)}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t(`${p}.fields.code`)}>
            <Ltr>{b.code}</Ltr>
          </Descriptions.Item>
          <Descriptions.Item label={t(`${p}.fields.status`)}>
            <StatusTag status={b.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t(`${p}.fields.description`)} span={2}>
            {(lang === 'ar' ? b.descriptionAr : b.descriptionEn) || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title={t(`${p}.items`)}>
        <ItemsTable items={items.data ?? []} loading={items.isLoading} />
      </Panel>
      <VersionHistory bundleId={id} items={items.data ?? []} />
    </Flex>
  );
}
