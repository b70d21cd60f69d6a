import { ResourceForm } from '../../../components/ResourceForm.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { configBundleUi } from './bundles.resource.tsx';

/** SystemConfigurations/CreateBundle: a new bundle, active unless chosen otherwise. */
export default function BundleCreatePage() {
  const actions = useResourceActions(configBundleUi);
  return (
    <ResourceForm
      resource={configBundleUi}
      initialValues={{ status: 'ACTIVE' }}
      onSubmit={actions.create}
      saving={actions.saving}
    />
  );
}
