import { useCallback } from 'react';
import { hideLoading, showLoading } from './dataLoading.ts';
import { useAppDispatch } from './store.ts';

/**
 * Runs a long operation (a CSV export, bulk approval decisions) behind the spec's full-screen
 * loading overlay (`dataLoading`, shown by GlobalUi): shown while it runs, hidden in `finally`.
 */
export function useDataLoading(): <T>(work: () => Promise<T>) => Promise<T> {
  const dispatch = useAppDispatch();
  return useCallback(
    async <T>(work: () => Promise<T>): Promise<T> => {
      dispatch(showLoading());
      try {
        return await work();
      } finally {
        dispatch(hideLoading());
      }
    },
    [dispatch],
  );
}
