import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { rewardCategoriesResource } from './rewardCategories.resource.tsx';

export default function RewardCategoryListPage() {
  return <ResourceTable resource={rewardCategoriesResource} />;
}
