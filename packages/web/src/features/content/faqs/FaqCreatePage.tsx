import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { faqsResource } from './faqs.resource.tsx';

export default function FaqCreatePage() {
  return <ResourceCreatePage resource={faqsResource} />;
}
