import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { customerPermissionUi } from './customerPermissions.resource.tsx';

export default function CustomerPermissionEditPage() {
  return <ResourceEditPage resource={customerPermissionUi} />;
}
