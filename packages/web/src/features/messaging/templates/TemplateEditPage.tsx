import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { TemplateFormLayout } from './TemplateFormLayout.tsx';
import { templatesResource } from './templates.resource.tsx';

export default function TemplateEditPage() {
  return (
    <TemplateFormLayout>
      <ResourceEditPage resource={templatesResource} />
    </TemplateFormLayout>
  );
}
