import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { faqsResource } from './faqs.resource.tsx';

export default function FaqEditPage() {
  return <ResourceEditPage resource={faqsResource} />;
}
