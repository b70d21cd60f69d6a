import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { scaRuleUi } from './sca.resource.tsx';

export default function ScaEditPage() {
  return <ResourceEditPage resource={scaRuleUi} />;
}
