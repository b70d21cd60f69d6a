import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { customerPermissionUi } from './customerPermissions.resource.tsx';

export default function CustomerPermissionCreatePage() {
  return <ResourceCreatePage resource={customerPermissionUi} />;
}
