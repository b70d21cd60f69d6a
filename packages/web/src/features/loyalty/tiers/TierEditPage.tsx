import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { tiersResource } from './tiers.resource.ts';

export default function TierEditPage() {
  return <ResourceEditPage resource={tiersResource} />;
}
