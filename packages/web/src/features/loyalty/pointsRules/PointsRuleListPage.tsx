import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { LoyaltySettingsCard } from './LoyaltySettingsCard.tsx';
import { pointsRuleUi } from './pointsRules.resource.ts';
import { SimulatePanel } from './SimulatePanel.tsx';

/** The rules, with the dry run beside them and the engine's settings below. */
export default function PointsRuleListPage() {
  return (
    <>
      <ResourceTable resource={pointsRuleUi} />
      <SimulatePanel />
      <LoyaltySettingsCard />
    </>
  );
}
