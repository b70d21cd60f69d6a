import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { templatesResource } from './templates.resource.tsx';

export default function TemplateListPage() {
  return <ResourceTable resource={templatesResource} />;
}
