import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { reportScheduleUi } from './schedules.resource.tsx';

/** `MainReports/Schedules`: the reports e-mailed on a schedule. */
export default function SchedulesPage() {
  return <ResourceTable resource={reportScheduleUi} />;
}
