import { PasswordSettingAddPage } from './PasswordSettingsPages.tsx';

export default function PasswordSettingAddExpiryRoute() {
  return <PasswordSettingAddPage mode="EXPIRY" />;
}
