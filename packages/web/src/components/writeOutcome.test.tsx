import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { ApiError, type WriteResult } from '../api/client.ts';
import { makeStore } from '../state/store.ts';
import { applied, useWriteOutcome } from './writeOutcome.ts';

/** The hook with a fresh store; `toast()` is the toast it showed last. */
function setup() {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const { result } = renderHook(() => useWriteOutcome(), { wrapper });
  const toast = () => {
    const { severity, summary, detail } = store.getState().toast;
    return { severity, summary, detail };
  };
  return { report: result.current, toast };
}

const messages = { success: 'msg.tierCreated', failure: 'msg.tierCreateFailed' };

describe('useWriteOutcome: one handler for the outcome of every write', () => {
  it("applied: the resource's success text", async () => {
    const { report, toast } = setup();
    const outcome = await act(() => report(applied(Promise.resolve({ id: 1 })), messages));
    expect(outcome).toEqual({ ok: true, result: { kind: 'applied', data: { id: 1 } } });
    expect(toast()).toEqual({ severity: 'success', summary: 'tier created', detail: '' });
  });

  it("202 PENDING: 'Submitted for approval', whatever the resource", async () => {
    const { report, toast } = setup();
    const pending: WriteResult<unknown> = { kind: 'pending', requestId: '12' };
    const outcome = await act(() => report(Promise.resolve(pending), messages));
    expect(outcome.ok).toBe(true);
    expect(toast()).toMatchObject({ severity: 'info', summary: 'Submitted for approval' });
  });

  it("failure: the resource's failure text with the localized error code; never throws", async () => {
    const { report, toast } = setup();
    const error = new ApiError(409, 'TIER_RANGE_OVERLAP');
    const outcome = await act(() => report(Promise.reject(error), messages));
    expect(outcome).toEqual({ ok: false, error });
    expect(toast().severity).toBe('error');
    expect(toast().summary).toBe('Error creating tire');
    expect(toast().detail).not.toBe('');
    expect(toast().detail).not.toContain('error.');

    const other = await act(() =>
      report(Promise.reject(new Error('boom')), { failure: 'msg.tierCreateFailed' }),
    );
    expect(other).toEqual({ ok: false, error: undefined });
    expect(toast().detail).not.toContain('error.');
  });
});
