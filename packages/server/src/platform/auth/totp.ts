import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238: SHA-1, 6 digits, 30-second steps; a code is accepted one step either side. */
const ISSUER = 'Loyalty Admin';
const PERIOD = 30;
const totpOf = (secret: string, label = 'staff') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret, base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What an authenticator app needs: the otpauth URI and its QR code as an SVG data URL. */
export async function totpEnrolment(secret: string, username: string) {
  const otpauthUri = totpOf(secret, username).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a valid code belongs to (for the use-once check), or undefined. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of a step (tests and tools). */
export const totpCode = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const chunk = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Ten single-use recovery codes like `k7m2p-x9qrt` (~49 bits each). */
export const newRecoveryCodes = (n = 10) => Array.from({ length: n }, () => `${chunk()}-${chunk()}`);

/** Recovery codes are high-entropy, so a plain SHA-256 is enough; case and the dash are ignored. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('base64url');
