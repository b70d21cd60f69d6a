import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { rewardCategoryEditResource } from './rewardCategories.resource.tsx';

export default function RewardCategoryEditPage() {
  return <ResourceEditPage resource={rewardCategoryEditResource} controls={{ image: ImageUpload }} />;
}
