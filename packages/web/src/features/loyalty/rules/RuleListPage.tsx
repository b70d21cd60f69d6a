import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { LoyaltySettingsCard } from './LoyaltySettingsCard.tsx';
import { rulesResource } from './rules.resource.ts';
import { SimulatePanel } from './SimulatePanel.tsx';

/** The rules, with the dry run beside them and the engine's settings below. */
export default function RuleListPage() {
  return (
    <>
      <ResourceTable resource={rulesResource} />
      <SimulatePanel />
      <LoyaltySettingsCard />
    </>
  );
}
