import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { messageTemplateUi } from './templates.resource.tsx';

export default function TemplateListPage() {
  return <ResourceTable resource={messageTemplateUi} />;
}
