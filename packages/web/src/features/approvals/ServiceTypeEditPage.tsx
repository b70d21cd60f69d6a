import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { serviceTypeEditResource } from './serviceTypes.resource.tsx';

export default function ServiceTypeEditPage() {
  return <ResourceEditPage resource={serviceTypeEditResource} />;
}
