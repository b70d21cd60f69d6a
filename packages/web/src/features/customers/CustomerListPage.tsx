import { ResourceTable } from '../../components/ResourceTable.tsx';
import { customerUi } from './customers.resource.ts';

export default function CustomerListPage() {
  return <ResourceTable resource={customerUi} />;
}
