import { ResourceTable } from '../../components/ResourceTable.tsx';
import { customersResource } from './customers.resource.ts';

export default function CustomerListPage() {
  return <ResourceTable resource={customersResource} />;
}
