import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { storesResource } from './stores.resource.tsx';

export default function StoreCreatePage() {
  return <ResourceCreatePage resource={storesResource} controls={{ image: ImageUpload }} />;
}
