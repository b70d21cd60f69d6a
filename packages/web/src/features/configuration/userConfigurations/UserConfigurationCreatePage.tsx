import { ResourceForm } from '../../../components/ResourceForm.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { userConfigurationsResource } from './userConfigurations.resource.tsx';

export default function UserConfigurationCreatePage() {
  const actions = useResourceActions(userConfigurationsResource);
  return (
    <ResourceForm
      resource={userConfigurationsResource}
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
