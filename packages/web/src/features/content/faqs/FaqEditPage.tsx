import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { faqUi } from './faqs.resource.tsx';

export default function FaqEditPage() {
  return <ResourceEditPage resource={faqUi} />;
}
