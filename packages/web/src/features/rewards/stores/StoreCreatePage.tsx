import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { storeUi } from './stores.resource.tsx';

export default function StoreCreatePage() {
  return <ResourceCreatePage resource={storeUi} controls={{ image: ImageUpload }} />;
}
