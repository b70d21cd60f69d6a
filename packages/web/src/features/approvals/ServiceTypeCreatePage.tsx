import { ResourceCreatePage } from '../../components/ResourceFormPages.tsx';
import { serviceTypesResource } from './serviceTypes.resource.tsx';

export default function ServiceTypeCreatePage() {
  return <ResourceCreatePage resource={serviceTypesResource} />;
}
