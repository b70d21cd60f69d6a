import type { ApprovalStatus } from '@loyalty/contracts';

/** Tag colour of each request status. */
export const statusColor: Record<ApprovalStatus, string> = {
  PENDING: 'gold',
  APPROVED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'default',
  FAILED: 'volcano',
};
