import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { roleUi } from './roles.resource.tsx';

export default function RoleListPage() {
  return <ResourceTable resource={roleUi} />;
}
