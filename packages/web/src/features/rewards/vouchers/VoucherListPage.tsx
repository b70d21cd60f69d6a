import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { vouchersResource } from './vouchers.resource.tsx';

export default function VoucherListPage() {
  return <ResourceTable resource={vouchersResource} />;
}
