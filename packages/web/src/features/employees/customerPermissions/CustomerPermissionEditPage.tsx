import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { customerPermissionsResource } from './customerPermissions.resource.tsx';

export default function CustomerPermissionEditPage() {
  return <ResourceEditPage resource={customerPermissionsResource} />;
}
