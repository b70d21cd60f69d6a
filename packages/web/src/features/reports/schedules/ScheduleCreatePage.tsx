import { ResourceForm } from '../../../components/ResourceForm.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { reportScheduleUi } from './schedules.resource.tsx';

/** `MainReports/Schedules/Add`: a new scheduled report (weekly, as Excel, by default). */
export default function ScheduleCreatePage() {
  const actions = useResourceActions(reportScheduleUi);
  return (
    <ResourceForm
      resource={reportScheduleUi}
      initialValues={{ frequency: 'WEEKLY', format: 'xlsx', recipientIds: [] }}
      onSubmit={actions.create}
      saving={actions.saving}
    />
  );
}
