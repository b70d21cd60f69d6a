import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { TemplateFormLayout } from './TemplateFormLayout.tsx';
import { messageTemplateUi } from './templates.resource.tsx';

export default function TemplateCreatePage() {
  return (
    <TemplateFormLayout>
      <ResourceCreatePage resource={messageTemplateUi} />
    </TemplateFormLayout>
  );
}
