import { ResourceCreatePage } from '../../components/ResourceFormPages.tsx';
import { scaResource } from './sca.resource.tsx';

export default function ScaAddPage() {
  return <ResourceCreatePage resource={scaResource} />;
}
