import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { storesResource } from './stores.resource.tsx';

export default function StoreListPage() {
  return <ResourceTable resource={storesResource} />;
}
