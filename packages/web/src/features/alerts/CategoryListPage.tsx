import { ResourceTable } from '../../components/ResourceTable.tsx';
import { alertCategoryUi } from './categories.resource.tsx';

export default function CategoryListPage() {
  return <ResourceTable resource={alertCategoryUi} />;
}
