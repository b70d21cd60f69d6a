import { useTranslation } from 'react-i18next';
import { type Choices, fixedChoices } from './resource.ts';
import { Tag } from './Tag.tsx';

/**
 * The one status → colour map of the app: record statuses (users, roles, customers, vouchers,
 * rules, API keys), approval request statuses, audit outcomes, log levels and customer messages.
 * Anything not listed is neutral.
 */
const colors: Record<string, string> = {
  ACTIVE: 'green',
  ISSUED: 'green',
  APPROVED: 'green',
  SUCCESS: 'green',
  PENDING: 'gold',
  BLOCKED: 'red',
  REJECTED: 'red',
  DENIED: 'red',
  FAILED: 'volcano',
  // Customer messages: waiting (NEW, ASSIGNED), answered (REPLIED); CLOSED is neutral.
  NEW: 'blue',
  ASSIGNED: 'purple',
  REPLIED: 'green',
  // Outbound messages: a send, and each customer's delivery.
  QUEUED: 'gold',
  SENDING: 'blue',
  DONE: 'green',
  SENT: 'green',
  // Alert deliveries: dead-lettered after the last attempt.
  DEAD: 'red',
  info: 'blue',
  warn: 'gold',
  error: 'red',
  fatal: 'magenta',
};

/** The tag colour of a status. */
export function statusColor(status: string): string {
  return colors[status] ?? 'default';
}

/** ACTIVE / DISABLED, the status of users, roles, permissions and security settings. */
export const activeStatusChoices: Choices = fixedChoices(['ACTIVE', 'DISABLED'], 'common.status');

/** A status as a coloured tag; its text is the i18n key `<prefix>.<status>`. */
export function StatusTag({ status, prefix = 'common.status' }: { status: string; prefix?: string }) {
  const { t } = useTranslation();
  return <Tag color={statusColor(status)}>{t(`${prefix}.${status}`)}</Tag>;
}
