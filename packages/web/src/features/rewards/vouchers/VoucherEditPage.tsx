import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { vouchersResource } from './vouchers.resource.tsx';

export default function VoucherEditPage() {
  return <ResourceEditPage resource={vouchersResource} />;
}
