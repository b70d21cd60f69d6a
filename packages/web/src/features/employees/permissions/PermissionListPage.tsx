import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { permissionsResource } from './permissions.resource.tsx';

export default function PermissionListPage() {
  return <ResourceTable resource={permissionsResource} />;
}
