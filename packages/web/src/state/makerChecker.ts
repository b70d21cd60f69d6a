import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The server record fields other than the key (spec §3: "the remaining server record fields"). */
export type RecordFields = Record<string, unknown>;
export type ServiceTypeRecord = RecordFields & { id: string | number };
export type ServiceRecord = RecordFields & { serviceId: string | number };

/** Spec §3: service types keyed by id, services keyed by serviceId. */
export interface MakerCheckerState {
  serviceTypes: Record<string, RecordFields>;
  services: Record<string, RecordFields>;
}

const initialState: MakerCheckerState = { serviceTypes: {}, services: {} };

export const makerCheckerSlice = createSlice({
  name: 'makerChecker',
  initialState,
  reducers: {
    setServiceTypes(state, action: PayloadAction<ServiceTypeRecord[]>) {
      state.serviceTypes = Object.fromEntries(action.payload.map(({ id, ...rest }) => [String(id), rest]));
    },
    setServices(state, action: PayloadAction<ServiceRecord[]>) {
      state.services = Object.fromEntries(
        action.payload.map(({ serviceId, ...rest }) => [String(serviceId), rest]),
      );
    },
  },
});

export const { setServiceTypes, setServices } = makerCheckerSlice.actions;
