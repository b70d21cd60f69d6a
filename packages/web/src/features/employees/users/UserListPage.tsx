import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { usersResource } from './users.resource.tsx';

export default function UserListPage() {
  return <ResourceTable resource={usersResource} />;
}
