import { TimeInput } from '../../../components/DayInput.tsx';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { locationsResource } from './locations.resource.tsx';

export default function LocationEditPage() {
  return <ResourceEditPage resource={locationsResource} controls={{ time: TimeInput }} />;
}
