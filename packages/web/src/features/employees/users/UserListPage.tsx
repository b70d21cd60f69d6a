import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { userUi } from './users.resource.tsx';

export default function UserListPage() {
  return <ResourceTable resource={userUi} />;
}
