import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { serviceDefinitionsResource } from './serviceDefinitions.resource.tsx';

export default function ServiceDefinitionListPage() {
  return <ResourceTable resource={serviceDefinitionsResource} />;
}
