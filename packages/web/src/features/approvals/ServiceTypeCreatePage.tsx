import { ResourceCreatePage } from '../../components/ResourceFormPages.tsx';
import { serviceTypeUi } from './serviceTypes.resource.tsx';

export default function ServiceTypeCreatePage() {
  return <ResourceCreatePage resource={serviceTypeUi} />;
}
