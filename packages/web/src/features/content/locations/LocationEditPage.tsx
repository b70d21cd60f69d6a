import { TimeInput } from '../../../components/DayInput.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { locationUi } from './locations.resource.tsx';

export default function LocationEditPage() {
  return <ResourceEditPage resource={locationUi} controls={{ time: TimeInput }} />;
}
