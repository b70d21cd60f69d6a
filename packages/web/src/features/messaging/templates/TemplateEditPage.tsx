import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { TemplateFormLayout } from './TemplateFormLayout.tsx';
import { messageTemplateUi } from './templates.resource.tsx';

export default function TemplateEditPage() {
  return (
    <TemplateFormLayout>
      <ResourceEditPage resource={messageTemplateUi} />
    </TemplateFormLayout>
  );
}
