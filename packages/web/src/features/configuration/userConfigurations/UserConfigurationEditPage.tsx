import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { userConfigurationsResource } from './userConfigurations.resource.tsx';

export default function UserConfigurationEditPage() {
  return <ResourceEditPage resource={userConfigurationsResource} />;
}
