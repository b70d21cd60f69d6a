import { ResourceCreatePage } from '../../components/ResourceFormPages.tsx';
import { scaRuleUi } from './sca.resource.tsx';

export default function ScaAddPage() {
  return <ResourceCreatePage resource={scaRuleUi} />;
}
