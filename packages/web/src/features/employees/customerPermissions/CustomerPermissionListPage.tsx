import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { customerPermissionsResource } from './customerPermissions.resource.tsx';

export default function CustomerPermissionListPage() {
  return <ResourceTable resource={customerPermissionsResource} />;
}
