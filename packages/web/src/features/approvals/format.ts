import type { ApprovalStatus } from '@loyalty/contracts';

/** Tag colour of each request status. */
export const statusColor: Record<ApprovalStatus, string> = {
  PENDING: 'gold',
  APPROVED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'default',
  FAILED: 'volcano',
};

/** A time for staff, in their language (the API's ISO instant on hover). */
export const formatTime = (iso: string | null, lang: string) =>
  iso
    ? new Date(iso).toLocaleString(lang === 'ar' ? 'ar' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';
