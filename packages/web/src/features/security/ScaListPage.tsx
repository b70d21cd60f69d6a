import { ResourceTable } from '../../components/ResourceTable.tsx';
import { scaRuleUi } from './sca.resource.tsx';

export default function ScaListPage() {
  return <ResourceTable resource={scaRuleUi} />;
}
