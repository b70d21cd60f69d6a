import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { TemplateFormLayout } from './TemplateFormLayout.tsx';
import { templatesResource } from './templates.resource.tsx';

export default function TemplateCreatePage() {
  return (
    <TemplateFormLayout>
      <ResourceCreatePage resource={templatesResource} />
    </TemplateFormLayout>
  );
}
