import { ResourceTable } from '../../components/ResourceTable.tsx';
import { serviceTypeUi } from './serviceTypes.resource.tsx';

export default function ServiceTypeListPage() {
  return <ResourceTable resource={serviceTypeUi} />;
}
