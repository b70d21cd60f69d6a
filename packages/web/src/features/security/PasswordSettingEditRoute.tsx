import { PasswordSettingEditPage } from './PasswordSettingsPages.tsx';

export default function PasswordSettingEditRoute() {
  return <PasswordSettingEditPage />;
}
