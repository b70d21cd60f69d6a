import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { userUi } from './users.resource.tsx';

export default function UserCreatePage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('employees.users.inviteNote')} />
      <ResourceCreatePage resource={userUi} />
    </Flex>
  );
}
