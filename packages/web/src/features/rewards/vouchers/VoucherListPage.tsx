import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { voucherUi } from './vouchers.resource.tsx';

export default function VoucherListPage() {
  return <ResourceTable resource={voucherUi} />;
}
