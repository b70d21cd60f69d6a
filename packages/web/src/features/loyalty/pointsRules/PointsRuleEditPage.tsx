import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { pointsRulesResource } from './pointsRules.resource.ts';

export default function PointsRuleEditPage() {
  return <ResourceEditPage resource={pointsRulesResource} />;
}
