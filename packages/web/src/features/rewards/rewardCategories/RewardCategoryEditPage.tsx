import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { rewardCategoryEditUi } from './rewardCategories.resource.tsx';

export default function RewardCategoryEditPage() {
  return <ResourceEditPage resource={rewardCategoryEditUi} controls={{ image: ImageUpload }} />;
}
