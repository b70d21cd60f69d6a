import { DayInput } from '../../../components/DayInput.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { pointsRuleUi } from './pointsRules.resource.ts';

export default function PointsRuleCreatePage() {
  return <ResourceCreatePage resource={pointsRuleUi} controls={{ date: DayInput }} />;
}
