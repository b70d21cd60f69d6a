import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { schedulesResource } from './schedules.resource.tsx';

/** `MainReports/Schedules/Edit/{id}`. */
export default function ScheduleEditPage() {
  return <ResourceEditPage resource={schedulesResource} />;
}
