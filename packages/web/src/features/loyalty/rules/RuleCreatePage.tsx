import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { rulesResource } from './rules.resource.ts';

export default function RuleCreatePage() {
  return <ResourceCreatePage resource={rulesResource} />;
}
