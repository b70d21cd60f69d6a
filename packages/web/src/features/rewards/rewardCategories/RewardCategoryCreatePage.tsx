import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { rewardCategoriesResource } from './rewardCategories.resource.tsx';

export default function RewardCategoryCreatePage() {
  return <ResourceCreatePage resource={rewardCategoriesResource} />;
}
