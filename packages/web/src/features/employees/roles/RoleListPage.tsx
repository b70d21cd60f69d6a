import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { rolesResource } from './roles.resource.tsx';

export default function RoleListPage() {
  return <ResourceTable resource={rolesResource} />;
}
