import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { rewardCategoryUi } from './rewardCategories.resource.tsx';

export default function RewardCategoryListPage() {
  return <ResourceTable resource={rewardCategoryUi} />;
}
