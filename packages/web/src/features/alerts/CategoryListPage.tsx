import { ResourceTable } from '../../components/ResourceTable.tsx';
import { categoriesResource } from './categories.resource.tsx';

export default function CategoryListPage() {
  return <ResourceTable resource={categoriesResource} />;
}
