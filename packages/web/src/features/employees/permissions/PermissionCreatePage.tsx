import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { staffPermissionUi } from './permissions.resource.tsx';

/**
 * `employee/create-permission`. A permission guards an operation of the system, so new codes come
 * with new operations (seeded at start-up), never from a form: a code nobody checks would protect
 * nothing. The screen says so and leads to the catalogue (docs/decisions/security.md).
 */
export default function PermissionCreatePage() {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  return (
    <Result
      status="info"
      title={t('employees.permissions.createTitle')}
      subTitle={t('employees.permissions.createText')}
      extra={
        <Button type="primary" onClick={() => navigate(staffPermissionUi.paths.list)}>
          {t('employees.permissions.toCatalogue')}
        </Button>
      }
    />
  );
}
