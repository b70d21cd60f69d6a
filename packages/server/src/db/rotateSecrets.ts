/**
 * `npm run secrets:rotate`: seals every secret at rest again with the first key of SECRET_KEYS
 * (see platform/secrets.ts). Rotating a key: put the new key first in SECRET_KEYS and keep the old
 * one after it, restart the servers, run this, then remove the old key.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { resealSecrets } from '../platform/auth/resealSecrets.ts';
import { currentSecretKeyId, useSecretKeys } from '../platform/secrets.ts';
import { openDatabase } from './client.ts';
import { DataDirError } from './dataDirLock.ts';

try {
  const config = loadConfig();
  useSecretKeys(config.secretKeys);
  const database = await openDatabase(config.database);
  await database.migrate();
  const done = await resealSecrets(database.db);
  console.log(
    `re-sealed with key ${currentSecretKeyId()}: ${done.users} users' second-factor secrets, ${done.signingKeys} signing keys, ${done.channelSecrets} alert channel secrets`,
  );
  await database.close();
} catch (err) {
  if (!(err instanceof ConfigError || err instanceof DataDirError)) throw err;
  console.error(err.message);
  process.exit(1);
}
