import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { alertCategoryUi } from './categories.resource.tsx';

export default function CategoryEditPage() {
  return <ResourceEditPage resource={alertCategoryUi} />;
}
