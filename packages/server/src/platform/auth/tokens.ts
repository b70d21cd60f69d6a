import { ROLE_CLAIM_INDEX } from '@loyalty/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import { AppError } from '../errors.ts';
import { ALG, type KeyRing } from './keys.ts';

export interface AccessClaims {
  sub: string;
  sid: string;
  preferred_username: string;
  realm_access: { roles: string[] };
}

/**
 * Keycloak-shaped realm roles: the two default entries Keycloak puts first, then the staff
 * member's role, which the web client reads at index 2 (spec §4).
 */
export function realmRoles(roleCode: string): string[] {
  const roles = ['offline_access', 'uma_authorization'];
  roles[ROLE_CLAIM_INDEX] = roleCode;
  return roles;
}

export function createTokenService(keys: KeyRing, jwt: Config['jwt']) {
  return {
    ttlSeconds: jwt.accessTtlSeconds,
    async issue(
      user: { id: number; username: string; roleCode: string },
      sessionId: string,
    ): Promise<string> {
      return new SignJWT({
        sid: sessionId,
        preferred_username: user.username,
        realm_access: { roles: realmRoles(user.roleCode) },
      })
        .setProtectedHeader({ alg: ALG, kid: keys.kid, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(jwt.issuer)
        .setAudience(jwt.audience)
        .setIssuedAt()
        .setExpirationTime(`${jwt.accessTtlSeconds}s`)
        .setJti(crypto.randomUUID())
        .sign(keys.privateKey);
    },
    /** Verifies signature, algorithm, issuer, audience and expiry; anything else is UNAUTHENTICATED. */
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, keys.verifyKeys, {
          algorithms: [ALG],
          issuer: jwt.issuer,
          audience: jwt.audience,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims');
        return payload as unknown as AccessClaims;
      } catch (err) {
        const expired = err instanceof joseErrors.JWTExpired;
        throw new AppError(expired ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
