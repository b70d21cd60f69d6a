import { TimeInput } from '../../../components/DayInput.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { locationsResource } from './locations.resource.tsx';

export default function LocationCreatePage() {
  return <ResourceCreatePage resource={locationsResource} controls={{ time: TimeInput }} />;
}
