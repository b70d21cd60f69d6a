import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/fakeApi.ts';
import { authSlice, logout, roleFromToken, setTimedOut, setToken, setVisitorId } from './auth.ts';

const reduce = authSlice.reducer;
const initial = () => reduce(undefined, { type: 'init' });

describe('auth slice', () => {
  it('starts signed out with timedOut false', () => {
    expect(initial()).toEqual({ token: null, role: null, expiresIn: null, visitorId: null, timedOut: false });
  });

  it('setToken stores the token and expiresIn and reads the role from realm_access.roles[2]', () => {
    const token = fakeJwt('TIER_MANAGER');
    const state = reduce(initial(), setToken({ accessToken: token, expiresIn: 900 }));
    expect(state).toMatchObject({ token, expiresIn: 900, role: 'TIER_MANAGER' });
  });

  it('decodes base64url payloads (characters - and _) and tolerates malformed tokens', () => {
    const payload = { realm_access: { roles: ['a', 'b', 'ÄDMIN~?>'] } };
    const b64url = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(roleFromToken(`x.${b64url}.y`)).toBe('ÄDMIN~?>');
    expect(roleFromToken('not-a-jwt')).toBeNull();
    expect(
      roleFromToken(`x.${btoa(JSON.stringify({ realm_access: { roles: ['only-one'] } }))}.y`),
    ).toBeNull();
  });

  it('logout clears token, role and expiresIn but keeps visitorId and timedOut', () => {
    let state = reduce(initial(), setVisitorId('visitor-1'));
    state = reduce(state, setTimedOut(true));
    state = reduce(state, setToken({ accessToken: fakeJwt('ADMIN'), expiresIn: 60 }));
    state = reduce(state, logout());
    expect(state).toEqual({
      token: null,
      role: null,
      expiresIn: null,
      visitorId: 'visitor-1',
      timedOut: true,
    });
  });

  it('setTimedOut sets the flag both ways', () => {
    const on = reduce(initial(), setTimedOut(true));
    expect(on.timedOut).toBe(true);
    expect(reduce(on, setTimedOut(false)).timedOut).toBe(false);
  });
});
