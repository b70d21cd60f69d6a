import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { storeUi } from './stores.resource.tsx';

export default function StoreListPage() {
  return <ResourceTable resource={storeUi} />;
}
