import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { staffPermissionUi } from './permissions.resource.tsx';

export default function PermissionEditPage() {
  return <ResourceEditPage resource={staffPermissionUi} />;
}
