import { ROLE_CLAIM_INDEX } from '@loyalty/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec §3: the signed-in session. The access token lives only here, in memory. */
export interface AuthState {
  token: string | null;
  role: string | null;
  /** Seconds until the access token expires, as the token response said. */
  expiresIn: number | null;
  visitorId: string | null;
  timedOut: boolean;
}

const initialState: AuthState = {
  token: null,
  role: null,
  expiresIn: null,
  visitorId: null,
  timedOut: false,
};

/** Reads `realm_access.roles[2]` from a JWT payload. The client only reads; the server verifies. */
export function roleFromToken(token: string): string | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const roles: unknown = JSON.parse(json)?.realm_access?.roles;
    const role = Array.isArray(roles) ? roles[ROLE_CLAIM_INDEX] : undefined;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    setToken(state, action: PayloadAction<{ accessToken: string; expiresIn: number }>) {
      state.token = action.payload.accessToken;
      state.expiresIn = action.payload.expiresIn;
      state.role = roleFromToken(action.payload.accessToken);
    },
    // Spec §4: visitorId and timedOut survive a logout.
    logout(state) {
      state.token = null;
      state.role = null;
      state.expiresIn = null;
    },
    setVisitorId(state, action: PayloadAction<string>) {
      state.visitorId = action.payload;
    },
    setTimedOut(state, action: PayloadAction<boolean>) {
      state.timedOut = action.payload;
    },
  },
});

export const { setToken, logout, setVisitorId, setTimedOut } = authSlice.actions;
