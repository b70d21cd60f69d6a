import type { ApprovalBulkItem } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { WriteResult } from '../../api/client.ts';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useDataLoading } from '../../state/useDataLoading.ts';
import { approvalsApi } from './api.ts';

/**
 * Approve, reject, withdraw and bulk decisions, through the shared write-outcome handler. A
 * decision may change any data (an approval applies the maker's change), so every cached query
 * is refreshed afterwards. Bulk decisions run behind the full-screen loading overlay.
 */
export function useDecisions() {
  const report = useWriteOutcome();
  const withOverlay = useDataLoading();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries();

  const run = async (write: Promise<WriteResult<unknown>>, success: string): Promise<boolean> => {
    const outcome = await report(write, { success, failure: 'approvals.decisionFailed' });
    refresh();
    return outcome.ok;
  };

  return {
    approve: (id: number) => run(approvalsApi.approve(id), 'approvals.done.APPROVED'),
    reject: (id: number, reason: string) => run(approvalsApi.reject(id, reason), 'approvals.done.REJECTED'),
    withdraw: (id: number) => run(approvalsApi.withdraw(id), 'approvals.done.WITHDRAWN'),
    /** Each request decided on its own; the outcome of each (none when the call failed). */
    bulk: async (
      action: 'approve' | 'reject',
      ids: number[],
      reason?: string,
    ): Promise<ApprovalBulkItem[]> => {
      const outcome = await withOverlay(() =>
        report(approvalsApi.bulk(action, ids, reason), { failure: 'approvals.decisionFailed' }),
      );
      refresh();
      return outcome.ok && outcome.result.kind === 'applied' ? outcome.result.data.results : [];
    },
  };
}
