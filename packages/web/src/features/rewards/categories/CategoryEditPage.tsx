import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { categoryEditResource } from './categories.resource.tsx';

export default function CategoryEditPage() {
  return <ResourceEditPage resource={categoryEditResource} />;
}
