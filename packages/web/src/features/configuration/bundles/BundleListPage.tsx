import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { bundlesResource } from './bundles.resource.tsx';

export default function BundleListPage() {
  return <ResourceTable resource={bundlesResource} />;
}
