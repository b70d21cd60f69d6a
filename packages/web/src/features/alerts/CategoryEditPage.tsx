import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { categoriesResource } from './categories.resource.tsx';

export default function CategoryEditPage() {
  return <ResourceEditPage resource={categoriesResource} />;
}
