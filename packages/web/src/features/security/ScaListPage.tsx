import { ResourceTable } from '../../components/ResourceTable.tsx';
import { scaResource } from './sca.resource.tsx';

export default function ScaListPage() {
  return <ResourceTable resource={scaResource} />;
}
