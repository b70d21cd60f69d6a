import { PasswordSettingsListPage } from './PasswordSettingsPages.tsx';

export default function PasswordSettingListRoute() {
  return <PasswordSettingsListPage />;
}
