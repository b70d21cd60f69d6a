import type { ApprovalBulkItem } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useToast } from '../../state/useToast.ts';
import { approvalsApi } from './api.ts';

/**
 * Approve, reject, withdraw and bulk decisions, with their toasts. A decision may change any
 * data (an approval applies the maker's change), so every cached query is refreshed afterwards.
 */
export function useDecisions() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries();

  const run = async (call: () => Promise<unknown>, success: string): Promise<boolean> => {
    try {
      await call();
      toast.success(t(success));
      return true;
    } catch (e) {
      toast.error(t('approvals.decisionFailed'), t(`error.${e instanceof ApiError ? e.code : 'INTERNAL'}`));
      return false;
    } finally {
      refresh();
    }
  };

  return {
    approve: (id: number) => run(() => approvalsApi.approve(id), 'approvals.done.APPROVED'),
    reject: (id: number, reason: string) =>
      run(() => approvalsApi.reject(id, reason), 'approvals.done.REJECTED'),
    withdraw: (id: number) => run(() => approvalsApi.withdraw(id), 'approvals.done.WITHDRAWN'),
    bulk: async (
      action: 'approve' | 'reject',
      ids: number[],
      reason?: string,
    ): Promise<ApprovalBulkItem[]> => {
      try {
        return await approvalsApi.bulk(action, ids, reason);
      } catch (e) {
        toast.error(t('approvals.decisionFailed'), t(`error.${e instanceof ApiError ? e.code : 'INTERNAL'}`));
        return [];
      } finally {
        refresh();
      }
    },
  };
}
