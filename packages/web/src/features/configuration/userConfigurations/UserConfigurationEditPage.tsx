import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { userConfigurationUi } from './userConfigurations.resource.tsx';

export default function UserConfigurationEditPage() {
  return <ResourceEditPage resource={userConfigurationUi} />;
}
