import type { PasswordSetting } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { ResourceCreatePage, ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLangNavigate } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import {
  passwordSettingExpiryUi,
  passwordSettingLockUi,
  passwordSettingUi,
} from './passwordSettings.resource.tsx';

/** `security/PasswordSettings`, with "Add lock setting" and "Add expiry setting". */
export function PasswordSettingsListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useLangNavigate();
  return (
    <Flex vertical gap={16}>
      {can(passwordSettingUi.permissions.create) && (
        <Flex gap={8}>
          <Button onClick={() => navigate(passwordSettingUi.paths.create)}>
            {t('security.passwordSettings.addLock')}
          </Button>
          <Button onClick={() => navigate('/dashboard/security/PasswordSettings/Add/Expiry')}>
            {t('security.passwordSettings.addExpiry')}
          </Button>
        </Flex>
      )}
      <ResourceTable
        resource={{
          ...passwordSettingUi,
          permissions: { ...passwordSettingUi.permissions, create: undefined },
        }}
      />
    </Flex>
  );
}

/** `.../Add/Lock` and `.../Add/Expiry`: one screen in two modes. */
export function PasswordSettingAddPage({ mode }: { mode: 'LOCK' | 'EXPIRY' }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5}>{t(`security.passwordSettings.addTitle.${mode}`)}</Typography.Title>
      <ResourceCreatePage resource={mode === 'LOCK' ? passwordSettingLockUi : passwordSettingExpiryUi} />
    </Flex>
  );
}

/** `.../Edit/:id`: the form of the setting's own mode. */
export function PasswordSettingEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const record = useQuery({
    queryKey: [passwordSettingUi.key, 'detail', id],
    queryFn: ({ signal }) => passwordSettingUi.api.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  const mode = (record.data as PasswordSetting | undefined)?.mode;
  if (record.isPending && !record.isError)
    return <InlineLoading text={t('security.passwordSettings.loading')} />;
  return <ResourceEditPage resource={mode === 'EXPIRY' ? passwordSettingExpiryUi : passwordSettingLockUi} />;
}
