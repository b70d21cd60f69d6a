import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { p, userConfigurationUi } from './userConfigurations.resource.tsx';

export default function UserConfigurationListPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph type="secondary">{t(`${p}.intro`)}</Typography.Paragraph>
      <ResourceTable resource={userConfigurationUi} />
    </>
  );
}
