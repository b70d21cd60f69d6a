import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { faqUi } from './faqs.resource.tsx';

export default function FaqCreatePage() {
  return <ResourceCreatePage resource={faqUi} />;
}
