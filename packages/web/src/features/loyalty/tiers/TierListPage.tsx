import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { tierUi } from './tiers.resource.ts';

export default function TierListPage() {
  return <ResourceTable resource={tierUi} />;
}
