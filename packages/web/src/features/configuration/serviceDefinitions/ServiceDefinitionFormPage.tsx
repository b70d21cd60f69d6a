import { useSearchParams } from 'react-router';
import { ResourceCreatePage, ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { serviceDefinitionUi } from './serviceDefinitions.resource.tsx';

/** ServiceDefinitionConfigurations/Create, and with `?id=` the edit form (the spec has no edit path). */
export default function ServiceDefinitionFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? (
    <ResourceEditPage resource={serviceDefinitionUi} id={Number(id)} />
  ) : (
    <ResourceCreatePage resource={serviceDefinitionUi} />
  );
}
