import { TimeInput } from '../../../components/DayInput.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { locationUi } from './locations.resource.tsx';

export default function LocationCreatePage() {
  return <ResourceCreatePage resource={locationUi} controls={{ time: TimeInput }} />;
}
