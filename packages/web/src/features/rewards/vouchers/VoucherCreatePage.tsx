import { DayInput } from '../../../components/DayInput.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { vouchersResource } from './vouchers.resource.tsx';

export default function VoucherCreatePage() {
  return <ResourceCreatePage resource={vouchersResource} controls={{ date: DayInput, image: ImageUpload }} />;
}
