import { ResourceTable } from '../../components/ResourceTable.tsx';
import { serviceTypesResource } from './serviceTypes.resource.tsx';

export default function ServiceTypeListPage() {
  return <ResourceTable resource={serviceTypesResource} />;
}
