import { ResourceCreatePage } from '../../components/ResourceFormPages.tsx';
import { alertCategoryUi } from './categories.resource.tsx';

export default function CategoryCreatePage() {
  return <ResourceCreatePage resource={alertCategoryUi} />;
}
