import { DayInput } from '../../../components/DayInput.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { pointsRulesResource } from './pointsRules.resource.ts';

export default function PointsRuleEditPage() {
  return <ResourceEditPage resource={pointsRulesResource} controls={{ date: DayInput }} />;
}
