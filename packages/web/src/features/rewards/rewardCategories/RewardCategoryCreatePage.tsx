import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { rewardCategoriesResource } from './rewardCategories.resource.tsx';

export default function RewardCategoryCreatePage() {
  return <ResourceCreatePage resource={rewardCategoriesResource} controls={{ image: ImageUpload }} />;
}
