import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec §3: the global data-loading flag behind the full-screen overlay. */
export interface DataLoadingState {
  visible: boolean;
}

const initialState: DataLoadingState = { visible: false };

export const dataLoadingSlice = createSlice({
  name: 'dataLoading',
  initialState,
  reducers: {
    showLoading(state) {
      state.visible = true;
    },
    hideLoading(state) {
      state.visible = false;
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.visible = action.payload;
    },
  },
});

export const { showLoading, hideLoading, setLoading } = dataLoadingSlice.actions;
