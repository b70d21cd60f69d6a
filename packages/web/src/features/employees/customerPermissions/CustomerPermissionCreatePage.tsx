import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { customerPermissionsResource } from './customerPermissions.resource.tsx';

export default function CustomerPermissionCreatePage() {
  return <ResourceCreatePage resource={customerPermissionsResource} />;
}
