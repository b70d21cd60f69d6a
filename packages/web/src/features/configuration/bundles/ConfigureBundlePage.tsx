import { configBundleResource, configItemCommands } from '@loyalty/contracts';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { InlineLoading } from '../../../components/LoadingOverlay.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { ProblemPanel } from '../../../components/plain.tsx';
import { screenLink } from '../../../components/resource.ts';
import { useLang, useLangNavigate } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { inLang, p } from './bundles.resource.tsx';
import { ItemForm } from './ItemForm.tsx';
import { ItemsTable } from './ItemsTable.tsx';
import { useBundle } from './useBundle.ts';

/** SystemConfigurations/ConfigureBundle/{id}: a bundle's items, to edit, delete and add. */
export default function ConfigureBundlePage() {
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
        title={t(`${p}.configureTitle`, { name: inLang(b, lang) })}
        extra={
          <Button onClick={() => navigate(screenLink(configBundleResource, 'view', id))}>
            {t(`${p}.viewBundle`)}
          </Button>
        }
      >
        <ItemsTable items={items.data ?? []} loading={items.isLoading} editable />
      </Panel>
      {can(configItemCommands.create.name) && <ItemForm bundleId={id} />}
    </Flex>
  );
}
