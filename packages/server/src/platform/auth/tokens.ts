import { type ChallengeStep, ROLE_CLAIM_INDEX } from '@loyalty/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';
import { AppError } from '../errors.ts';
import { ALG, type KeyStore } from './keys.ts';

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

/** A sign-in in progress: who, which step comes next, and whether the second factor was given. */
export interface ChallengeClaims {
  sub: string;
  step: ChallengeStep;
  mfa: boolean;
  reason?: string | undefined;
  vid?: string | undefined;
}

/** Sign-in challenges live this long (seconds). */
export const CHALLENGE_TTL = 300;

export function createTokenService(keys: KeyStore, jwt: Config['jwt']) {
  // Challenges are signed by the same key for another audience, so neither passes for the other.
  const challengeAudience = `${jwt.audience}:sign-in-challenge`;
  return {
    /** The public keys that verify tokens now (GET /auth/jwks). */
    jwks: keys.jwks,
    /** An access token living `ttlSeconds` (the security policy's access-token life). */
    async issue(
      user: { id: number; username: string; roleCode: string },
      sessionId: string,
      ttlSeconds: number,
    ): Promise<string> {
      const { kid, privateKey } = keys.signing();
      return new SignJWT({
        sid: sessionId,
        preferred_username: user.username,
        realm_access: { roles: realmRoles(user.roleCode) },
      })
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(jwt.issuer)
        .setAudience(jwt.audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .setJti(crypto.randomUUID())
        .sign(privateKey);
    },
    async issueChallenge(claims: ChallengeClaims): Promise<string> {
      const { sub, ...rest } = claims;
      const { kid, privateKey } = keys.signing();
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(jwt.issuer)
        .setAudience(challengeAudience)
        .setIssuedAt()
        .setExpirationTime(`${CHALLENGE_TTL}s`)
        .sign(privateKey);
    },
    /** The challenge's claims if it is genuine, unexpired and for `step`; else CHALLENGE_INVALID. */
    async verifyChallenge(token: string, step: ChallengeStep): Promise<ChallengeClaims> {
      try {
        const { payload } = await jwtVerify(token, keys.verifyKey, {
          algorithms: [ALG],
          issuer: jwt.issuer,
          audience: challengeAudience,
        });
        if (payload.step !== step || typeof payload.sub !== 'string') throw new Error('step');
        return payload as unknown as ChallengeClaims;
      } catch {
        throw new AppError('CHALLENGE_INVALID');
      }
    },
    /** Verifies signature, algorithm, issuer, audience and expiry; anything else is UNAUTHENTICATED. */
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, keys.verifyKey, {
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
