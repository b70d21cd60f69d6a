import { eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertSettings, signingKeys, users } from '../../db/schema/index.ts';

/**
 * Seals every secret at rest again with the current key (the first of SECRET_KEYS): reading opens
 * each with whichever key sealed it — or takes it as stored before sealing existed — and writing
 * seals it with the current one. One transaction. Answers how many secrets it re-sealed.
 */
export async function resealSecrets(db: Db) {
  return db.transaction(async (tx) => {
    const holders = await tx
      .select({ id: users.id, totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret })
      .from(users)
      .where(or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret)))
      .for('update');
    for (const u of holders) {
      await tx
        .update(users)
        .set({ totpSecret: u.totpSecret, totpPendingSecret: u.totpPendingSecret })
        .where(eq(users.id, u.id));
    }
    const keys = await tx
      .select({ kid: signingKeys.kid, privateJwk: signingKeys.privateJwk })
      .from(signingKeys)
      .for('update');
    for (const k of keys) {
      await tx.update(signingKeys).set({ privateJwk: k.privateJwk }).where(eq(signingKeys.kid, k.kid));
    }
    // The alert channels' secrets (one row): read open, written sealed by their column type.
    const channels = await tx
      .select({
        id: alertSettings.id,
        smtpPassword: alertSettings.smtpPassword,
        smsAuthValue: alertSettings.smsAuthValue,
      })
      .from(alertSettings)
      .for('update');
    for (const { id, ...secrets } of channels) {
      await tx.update(alertSettings).set(secrets).where(eq(alertSettings.id, id));
    }
    const channelSecrets = channels.reduce(
      (n, c) => n + Number(c.smtpPassword !== '') + Number(c.smsAuthValue !== ''),
      0,
    );
    return { users: holders.length, signingKeys: keys.length, channelSecrets };
  });
}
