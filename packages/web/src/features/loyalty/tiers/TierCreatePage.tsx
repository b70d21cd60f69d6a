import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { tierUi } from './tiers.resource.ts';

export default function TierCreatePage() {
  return <ResourceCreatePage resource={tierUi} />;
}
