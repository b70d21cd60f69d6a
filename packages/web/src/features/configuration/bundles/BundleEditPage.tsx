import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { configBundleEditUi } from './bundles.resource.tsx';

export default function BundleEditPage() {
  return <ResourceEditPage resource={configBundleEditUi} />;
}
