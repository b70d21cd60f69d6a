import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { bundleEditResource } from './bundles.resource.tsx';

export default function BundleEditPage() {
  return <ResourceEditPage resource={bundleEditResource} />;
}
