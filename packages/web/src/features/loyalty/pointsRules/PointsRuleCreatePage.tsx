import { DayInput } from '../../../components/DayInput.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { pointsRulesResource } from './pointsRules.resource.ts';

export default function PointsRuleCreatePage() {
  return <ResourceCreatePage resource={pointsRulesResource} controls={{ date: DayInput }} />;
}
