import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { staffPermissionUi } from './permissions.resource.tsx';

export default function PermissionListPage() {
  return <ResourceTable resource={staffPermissionUi} />;
}
