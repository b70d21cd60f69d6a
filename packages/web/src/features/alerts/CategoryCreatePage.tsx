import { ResourceCreatePage } from '../../components/ResourceFormPages.tsx';
import { categoriesResource } from './categories.resource.tsx';

export default function CategoryCreatePage() {
  return <ResourceCreatePage resource={categoriesResource} />;
}
