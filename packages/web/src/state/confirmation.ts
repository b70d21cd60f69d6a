import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Spec §3: the confirmation modal. Only serializable fields live here; the handlers
 * (handleConfirm, consequenceFunction, handleCancel) live in `confirm.ts`, outside the store.
 */
export interface ConfirmationState {
  visible: boolean;
  header: string;
  message: string;
  confirmButtonText: string;
  cancelButtonText: string;
}

export const DEFAULT_CONFIRM_TEXT = 'Yes';
export const DEFAULT_CANCEL_TEXT = 'No';

const initialState: ConfirmationState = {
  visible: false,
  header: '',
  message: '',
  confirmButtonText: DEFAULT_CONFIRM_TEXT,
  cancelButtonText: DEFAULT_CANCEL_TEXT,
};

export interface ConfirmationDetails {
  header: string;
  message: string;
  confirmButtonText?: string;
  cancelButtonText?: string;
}

export const confirmationSlice = createSlice({
  name: 'confirmation',
  initialState,
  reducers: {
    // Setting the details shows the modal; button texts fall back to the defaults each time.
    showConfirmation(_state, action: PayloadAction<ConfirmationDetails>) {
      const { header, message, confirmButtonText, cancelButtonText } = action.payload;
      return {
        visible: true,
        header,
        message,
        confirmButtonText: confirmButtonText ?? DEFAULT_CONFIRM_TEXT,
        cancelButtonText: cancelButtonText ?? DEFAULT_CANCEL_TEXT,
      };
    },
    hideConfirmation(state) {
      state.visible = false;
    },
  },
});

export const { showConfirmation, hideConfirmation } = confirmationSlice.actions;
