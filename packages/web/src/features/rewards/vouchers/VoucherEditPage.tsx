import { DayInput } from '../../../components/DayInput.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { voucherUi } from './vouchers.resource.tsx';

export default function VoucherEditPage() {
  return <ResourceEditPage resource={voucherUi} controls={{ date: DayInput, image: ImageUpload }} />;
}
