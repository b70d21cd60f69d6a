import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { reportScheduleUi } from './schedules.resource.tsx';

/** `MainReports/Schedules/Edit/{id}`. */
export default function ScheduleEditPage() {
  return <ResourceEditPage resource={reportScheduleUi} />;
}
