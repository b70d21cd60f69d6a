import type { CustomerStatus } from '@loyalty/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<CustomerStatus, string> = { ACTIVE: 'green', BLOCKED: 'red', CLOSED: 'default' };

export function StatusTag({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return <Tag color={colors[status]}>{t(`customers.statuses.${status}`)}</Tag>;
}
