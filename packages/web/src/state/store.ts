import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authSlice } from './auth.ts';
import { confirmationSlice } from './confirmation.ts';
import { dataLoadingSlice } from './dataLoading.ts';
import { makerCheckerSlice } from './makerChecker.ts';
import { toastSlice } from './toast.ts';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  dataLoading: dataLoadingSlice.reducer,
  makerChecker: makerCheckerSlice.reducer,
  confirmation: confirmationSlice.reducer,
  toast: toastSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
