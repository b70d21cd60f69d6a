import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InlineLoading } from '../../../components/LoadingOverlay.tsx';
import { ProblemPanel } from '../../../components/plain.tsx';
import { configApi, configKeys } from './api.ts';
import { p } from './bundles.resource.tsx';
import { ItemForm } from './ItemForm.tsx';
import { VersionHistory } from './VersionHistory.tsx';

/** SystemConfigurations/ConfigureBundle/EditConfiguration/{id}: one item, with its history. */
export default function ItemEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const item = useQuery({
    queryKey: configKeys.item(id),
    queryFn: ({ signal }) => configApi.item(id, signal),
    enabled: valid,
  });
  if (!valid || item.isError) return <ProblemPanel tone="warning" title={t(`${p}.itemFetchFailed`)} />;
  const i = item.data;
  if (!i) return <InlineLoading text={t(`${p}.loading`)} />;
  return (
    <Flex vertical gap={16}>
      <ItemForm key={`${i.id}-${i.version}-${i.updatedAt}`} bundleId={i.bundleId} item={i} />
      <VersionHistory bundleId={i.bundleId} items={[i]} itemId={i.id} />
    </Flex>
  );
}
