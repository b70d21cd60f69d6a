import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { configBundleUi } from './bundles.resource.tsx';

export default function BundleListPage() {
  return <ResourceTable resource={configBundleUi} />;
}
