import { SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeQueryClient } from '../app/queryClient.ts';
import { bindApiToStore } from '../app/session.ts';
import { fakeJwt, installFakeApi } from '../test/fakeApi.ts';
import { setToken } from './auth.ts';
import { useCan, useRole } from './me.ts';
import { makeStore } from './store.ts';

/** The hooks under a store signed in with a token of `role`, against the fake API. */
function signedInAs(role: string) {
  const store = makeStore();
  bindApiToStore(store);
  const token = fakeJwt(role, 7);
  store.dispatch(setToken({ accessToken: token, expiresIn: 900 }));
  const client = makeQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </Provider>
  );
  return { token, wrapper };
}

describe('the role (spec §4: the token’s, refined by the profile)', () => {
  it('is the token’s while the profile loads: the super administrator may do everything at once', async () => {
    const api = installFakeApi();
    const { token, wrapper } = signedInAs(SUPER_ADMIN_ROLE);
    api.validTokens.add(token);
    let answer: () => void = () => {};
    // The profile answers only when the test lets it.
    api.use((r) =>
      r.path === '/api/admin/auth/me'
        ? new Promise(
            (done) =>
              (answer = () => done({ status: 200, body: { ...api.me, role: 'TELLER', permissions: [] } })),
          )
        : undefined,
    );
    const { result } = renderHook(() => ({ role: useRole(), can: useCan() }), { wrapper });
    expect(result.current.role).toBe(SUPER_ADMIN_ROLE);
    expect(result.current.can('customer.adjustPoints')).toBe(true);
    // The profile says the role has since changed: it wins.
    answer();
    await waitFor(() => expect(result.current.role).toBe('TELLER'));
    expect(result.current.can('customer.adjustPoints')).toBe(false);
    expect(result.current.can(undefined)).toBe(true);
  });

  it('grants by the profile’s permissions to any other role', async () => {
    const api = installFakeApi({ permissions: ['tier.read'] });
    const { token, wrapper } = signedInAs('TIER_CLERK');
    api.validTokens.add(token);
    const { result } = renderHook(() => ({ role: useRole(), can: useCan() }), { wrapper });
    expect(result.current.can('tier.read')).toBe(false);
    await waitFor(() => expect(result.current.can('tier.read')).toBe(true));
    expect(result.current.can('tier.delete')).toBe(false);
  });
});
