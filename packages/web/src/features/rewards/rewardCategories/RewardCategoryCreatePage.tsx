import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { rewardCategoryUi } from './rewardCategories.resource.tsx';

export default function RewardCategoryCreatePage() {
  return <ResourceCreatePage resource={rewardCategoryUi} controls={{ image: ImageUpload }} />;
}
