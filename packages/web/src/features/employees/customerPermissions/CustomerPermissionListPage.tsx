import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { customerPermissionUi } from './customerPermissions.resource.tsx';

export default function CustomerPermissionListPage() {
  return <ResourceTable resource={customerPermissionUi} />;
}
