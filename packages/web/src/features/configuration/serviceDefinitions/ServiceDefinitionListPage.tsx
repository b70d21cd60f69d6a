import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { serviceDefinitionUi } from './serviceDefinitions.resource.tsx';

export default function ServiceDefinitionListPage() {
  return <ResourceTable resource={serviceDefinitionUi} />;
}
