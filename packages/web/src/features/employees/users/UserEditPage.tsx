import { Flex } from 'antd';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { UserSecurityPanel } from './UserSecurityPanel.tsx';
import { userEditUi } from './users.resource.tsx';

export default function UserEditPage() {
  const id = Number(useParams().id);
  return (
    <Flex vertical gap={16}>
      <ResourceEditPage resource={userEditUi} />
      {Number.isInteger(id) && id > 0 && <UserSecurityPanel id={id} />}
    </Flex>
  );
}
