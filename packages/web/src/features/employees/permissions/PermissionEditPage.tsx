import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { permissionsResource } from './permissions.resource.tsx';

export default function PermissionEditPage() {
  return <ResourceEditPage resource={permissionsResource} />;
}
