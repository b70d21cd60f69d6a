import { DayInput } from '../../../components/DayInput.tsx';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { vouchersResource } from './vouchers.resource.tsx';

export default function VoucherEditPage() {
  return <ResourceEditPage resource={vouchersResource} controls={{ date: DayInput, image: ImageUpload }} />;
}
