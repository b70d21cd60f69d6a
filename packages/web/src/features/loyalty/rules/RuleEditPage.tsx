import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { rulesResource } from './rules.resource.ts';

export default function RuleEditPage() {
  return <ResourceEditPage resource={rulesResource} />;
}
