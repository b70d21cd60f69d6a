import { DayInput } from '../../../components/DayInput.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { voucherUi } from './vouchers.resource.tsx';

export default function VoucherCreatePage() {
  return <ResourceCreatePage resource={voucherUi} controls={{ date: DayInput, image: ImageUpload }} />;
}
