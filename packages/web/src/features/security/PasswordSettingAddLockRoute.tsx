import { PasswordSettingAddPage } from './PasswordSettingsPages.tsx';

export default function PasswordSettingAddLockRoute() {
  return <PasswordSettingAddPage mode="LOCK" />;
}
