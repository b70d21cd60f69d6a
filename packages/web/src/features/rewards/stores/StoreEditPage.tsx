import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { storeUi } from './stores.resource.tsx';

export default function StoreEditPage() {
  return <ResourceEditPage resource={storeUi} controls={{ image: ImageUpload }} />;
}
