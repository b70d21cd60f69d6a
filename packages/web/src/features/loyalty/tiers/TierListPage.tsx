import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { tiersResource } from './tiers.resource.ts';

export default function TierListPage() {
  return <ResourceTable resource={tiersResource} />;
}
