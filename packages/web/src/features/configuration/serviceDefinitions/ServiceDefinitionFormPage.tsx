import { useSearchParams } from 'react-router';
import { ResourceCreatePage, ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { serviceDefinitionsResource } from './serviceDefinitions.resource.tsx';

/** ServiceDefinitionConfigurations/Create, and with `?id=` the edit form (the spec has no edit path). */
export default function ServiceDefinitionFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? (
    <ResourceEditPage resource={serviceDefinitionsResource} id={Number(id)} />
  ) : (
    <ResourceCreatePage resource={serviceDefinitionsResource} />
  );
}
