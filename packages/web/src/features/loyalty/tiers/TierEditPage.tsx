import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { tierUi } from './tiers.resource.ts';

export default function TierEditPage() {
  return <ResourceEditPage resource={tierUi} />;
}
