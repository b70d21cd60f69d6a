import { ResourceForm } from '../../../components/ResourceForm.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { schedulesResource } from './schedules.resource.tsx';

/** `MainReports/Schedules/Add`: a new scheduled report (weekly, as Excel, by default). */
export default function ScheduleCreatePage() {
  const actions = useResourceActions(schedulesResource);
  return (
    <ResourceForm
      resource={schedulesResource}
      initialValues={{ frequency: 'WEEKLY', format: 'xlsx', recipientIds: [] }}
      onSubmit={actions.create}
      saving={actions.saving}
    />
  );
}
