import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastSeverity = 'success' | 'info' | 'warn' | 'error';

/** Spec §3/§9: the latest toast. `id` grows with every toast so the host shows repeats too. */
export interface ToastState {
  id: number;
  severity: ToastSeverity;
  summary: string;
  detail: string;
  /** Milliseconds on screen unless sticky. */
  life: number;
  sticky: boolean;
}

export const TOAST_DEFAULTS = {
  severity: 'error',
  summary: 'Something Went Wrong',
  detail: '',
  life: 3000,
  sticky: false,
} as const satisfies Omit<ToastState, 'id'>;

export type ToastInput = Partial<Omit<ToastState, 'id'>>;

const initialState: ToastState = { id: 0, ...TOAST_DEFAULTS };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    // Every toast starts from the defaults; fields given as undefined keep the default too.
    showToast(state, action: PayloadAction<ToastInput>) {
      const given = Object.fromEntries(Object.entries(action.payload).filter(([, v]) => v !== undefined));
      return { ...TOAST_DEFAULTS, ...given, id: state.id + 1 };
    },
  },
});

export const { showToast } = toastSlice.actions;
