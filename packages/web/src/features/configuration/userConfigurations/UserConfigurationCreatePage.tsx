import { ResourceForm } from '../../../components/ResourceForm.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { userConfigurationUi } from './userConfigurations.resource.tsx';

export default function UserConfigurationCreatePage() {
  const actions = useResourceActions(userConfigurationUi);
  return (
    <ResourceForm
      resource={userConfigurationUi}
      initialValues={{
        userType: 'EMPLOYEE',
        defaultLanguage: 'en',
        idleMinutes: null,
        sessionHours: null,
        pageSize: null,
      }}
      onSubmit={actions.create}
      saving={actions.saving}
    />
  );
}
