import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { tiersResource } from './tiers.resource.ts';

export default function TierCreatePage() {
  return <ResourceCreatePage resource={tiersResource} />;
}
