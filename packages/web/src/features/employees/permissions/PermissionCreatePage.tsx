import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { roleUi } from '../roles/roles.resource.tsx';
import { staffPermissionUi } from './permissions.resource.tsx';

/**
 * `employee/create-permission`. A permission guards an operation of the system, so new codes come
 * with new operations (seeded at start-up), never from a form: a code nobody checks would protect
 * nothing. Permissions granted together are a role, so there is no second bundle ("permission
 * set") beside it (docs/decisions/permission-sets.md). The screen says so and leads to the
 * catalogue and to a new role.
 */
export default function PermissionCreatePage() {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  const can = useCan();
  return (
    <Result
      status="info"
      title={t('employees.permissions.createTitle')}
      subTitle={t('employees.permissions.createText')}
      extra={[
        <Button key="catalogue" type="primary" onClick={() => navigate(staffPermissionUi.paths.list)}>
          {t('employees.permissions.toCatalogue')}
        </Button>,
        can(roleUi.permissions.create) && (
          <Button key="role" onClick={() => navigate(roleUi.paths.create)}>
            {t('employees.permissions.toCreateRole')}
          </Button>
        ),
      ]}
    />
  );
}
