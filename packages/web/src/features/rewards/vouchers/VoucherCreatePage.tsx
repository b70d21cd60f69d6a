import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { vouchersResource } from './vouchers.resource.tsx';

export default function VoucherCreatePage() {
  return <ResourceCreatePage resource={vouchersResource} />;
}
