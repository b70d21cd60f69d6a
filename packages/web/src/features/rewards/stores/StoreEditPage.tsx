import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { storesResource } from './stores.resource.tsx';

export default function StoreEditPage() {
  return <ResourceEditPage resource={storesResource} controls={{ image: ImageUpload }} />;
}
