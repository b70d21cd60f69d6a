import { DayInput } from '../../../components/DayInput.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { pointsRuleUi } from './pointsRules.resource.ts';

export default function PointsRuleEditPage() {
  return <ResourceEditPage resource={pointsRuleUi} controls={{ date: DayInput }} />;
}
