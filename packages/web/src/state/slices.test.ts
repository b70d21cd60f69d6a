import { describe, expect, it } from 'vitest';
import { confirmationSlice, hideConfirmation, showConfirmation } from './confirmation.ts';
import { dataLoadingSlice, hideLoading, setLoading, showLoading } from './dataLoading.ts';
import { makerCheckerSlice, setServices, setServiceTypes } from './makerChecker.ts';
import { makeStore } from './store.ts';
import { showToast, toastSlice } from './toast.ts';

const init = { type: 'init' };

describe('dataLoading slice', () => {
  it('starts hidden and toggles with show / hide / set', () => {
    const reduce = dataLoadingSlice.reducer;
    const initial = reduce(undefined, init);
    expect(initial.visible).toBe(false);
    expect(reduce(initial, showLoading()).visible).toBe(true);
    expect(reduce({ visible: true }, hideLoading()).visible).toBe(false);
    expect(reduce(initial, setLoading(true)).visible).toBe(true);
  });
});

describe('makerChecker slice', () => {
  it('keys service types by id and services by serviceId, keeping the remaining fields', () => {
    const reduce = makerCheckerSlice.reducer;
    let state = reduce(undefined, init);
    expect(state).toEqual({ serviceTypes: {}, services: {} });
    state = reduce(
      state,
      setServiceTypes([
        { id: 1, name: 'Loyalty' },
        { id: 'rewards', name: 'Rewards' },
      ]),
    );
    state = reduce(state, setServices([{ serviceId: 'tier.create', serviceTypeId: 1, enabled: true }]));
    expect(state.serviceTypes).toEqual({ 1: { name: 'Loyalty' }, rewards: { name: 'Rewards' } });
    expect(state.services).toEqual({ 'tier.create': { serviceTypeId: 1, enabled: true } });
  });
});

describe('confirmation slice', () => {
  const reduce = confirmationSlice.reducer;

  it("starts hidden with the default buttons 'Yes' and 'No'", () => {
    expect(reduce(undefined, init)).toEqual({
      visible: false,
      header: '',
      message: '',
      confirmButtonText: 'Yes',
      cancelButtonText: 'No',
    });
  });

  it('shows when details are set; custom texts override the defaults, only for that time', () => {
    let state = reduce(
      undefined,
      showConfirmation({
        header: 'Delete',
        message: 'Sure?',
        confirmButtonText: 'Leave',
        cancelButtonText: 'Stay',
      }),
    );
    expect(state).toMatchObject({
      visible: true,
      header: 'Delete',
      confirmButtonText: 'Leave',
      cancelButtonText: 'Stay',
    });
    state = reduce(reduce(state, hideConfirmation()), showConfirmation({ header: 'H', message: 'M' }));
    expect(state).toMatchObject({ visible: true, confirmButtonText: 'Yes', cancelButtonText: 'No' });
    expect(reduce(state, hideConfirmation()).visible).toBe(false);
  });
});

describe('toast slice', () => {
  const reduce = toastSlice.reducer;

  it("defaults to severity 'error', summary 'Something Went Wrong', life 3000 ms, not sticky", () => {
    const state = reduce(undefined, showToast({ detail: 'boom' }));
    expect(state).toEqual({
      id: 1,
      severity: 'error',
      summary: 'Something Went Wrong',
      detail: 'boom',
      life: 3000,
      sticky: false,
    });
  });

  it('every toast starts from the defaults and gets a new id', () => {
    let state = reduce(undefined, showToast({ severity: 'success', summary: 'tier created', sticky: true }));
    state = reduce(state, showToast({ summary: undefined, detail: 'x' }));
    expect(state).toMatchObject({ id: 2, severity: 'error', summary: 'Something Went Wrong', sticky: false });
  });
});

describe('store', () => {
  it('holds exactly the spec slices, all serializable', () => {
    const state = makeStore().getState();
    expect(Object.keys(state).sort()).toEqual([
      'auth',
      'confirmation',
      'dataLoading',
      'makerChecker',
      'toast',
    ]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
