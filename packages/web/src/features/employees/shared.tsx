import type { Page, Role } from '@loyalty/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { get } from '../../api/client.ts';
import type { Choices } from '../../components/resource.ts';

/** ACTIVE / DISABLED, the status of users, roles and permissions. */
export const statusChoices: Choices = [
  { value: 'ACTIVE', label: 'employees.status.ACTIVE' },
  { value: 'DISABLED', label: 'employees.status.DISABLED' },
];

export const roleChoices: Choices = {
  key: 'roles',
  load: async (signal) =>
    (await get<Page<Role>>('/api/admin/roles', { pageSize: 100, sort: 'name:asc' }, signal)).items.map(
      (r) => ({
        value: r.id,
        label: r.name,
      }),
    ),
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{t(`employees.status.${status}`)}</Tag>;
}
