import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { endpointsResource } from './endpoints.resource.tsx';

export default function EndpointEditPage() {
  return <ResourceEditPage resource={endpointsResource} />;
}
