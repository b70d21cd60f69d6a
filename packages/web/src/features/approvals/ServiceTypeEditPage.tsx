import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { serviceTypeEditUi } from './serviceTypes.resource.tsx';

export default function ServiceTypeEditPage() {
  return <ResourceEditPage resource={serviceTypeEditUi} />;
}
