import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { scaResource } from './sca.resource.tsx';

export default function ScaEditPage() {
  return <ResourceEditPage resource={scaResource} />;
}
