/**
 * `npm run backup -- --to FILE [--force]`: backs up the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR, `./data` by default) while the server runs.
 *
 * `npm run restore -- --from FILE --into DATABASE_URL|DIR [--force] [--no-owner]`: restores a
 * backup into a new PostgreSQL database or a new folder, then checks what it holds (balances
 * against their ledgers, the audit trail's chain). See backup.ts and docs/operations.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isSecretKey, useSecretKeys } from '../platform/secrets.ts';
import {
  BackupError,
  backupDataDir,
  backupKind,
  backupPostgres,
  describeUrl,
  formatBytes,
  inspectRestored,
  type RestoredSummary,
  restoreDataDir,
  restorePostgres,
} from './backup.ts';
import { openDatabase } from './client.ts';
import { DataDirError } from './dataDirLock.ts';

const USAGE = `Usage:
  npm run backup -- --to FILE [--force]
      Backs up the database of DATABASE_URL (pg_dump, custom format) or, when it is unset, the
      embedded database in DATA_DIR (default ./data), while the server runs. --force replaces FILE.
  npm run restore -- --from FILE --into DATABASE_URL|DIR [--force] [--no-owner]
      Restores a backup into a PostgreSQL database (created when it does not exist; a non-empty one
      is refused unless --force) or into a new, empty folder; then checks it. --no-owner: the
      restoring user owns everything (pg_restore --no-owner --no-privileges).`;

class UsageError extends Error {}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function backup(values: Record<string, string | boolean | undefined>) {
  const to = values.to;
  if (typeof to !== 'string' || !to)
    throw new UsageError('backup needs --to FILE (where to write the backup).');
  for (const flag of ['from', 'into', 'no-owner'] as const) {
    if (values[flag] !== undefined) throw new UsageError(`--${flag} is an option of restore, not of backup.`);
  }
  const force = values.force === true;
  const url = process.env.DATABASE_URL;
  const done = url
    ? await backupPostgres(url, to, { force })
    : await backupDataDir(process.env.DATA_DIR || './data', to, { force, onNotice: (m) => console.warn(m) });
  console.log(
    `Backed up ${done.source} ${done.how}\n  to ${done.file} (${formatBytes(done.bytes)}) in ${seconds(done.ms)}.`,
  );
  console.log(
    `Restore it with: npm run restore -- --from ${done.file} --into ${url ? 'NEW_DATABASE_URL' : 'NEW_FOLDER'}`,
  );
}

async function restore(values: Record<string, string | boolean | undefined>) {
  const from = values.from;
  const into = values.into;
  if (typeof from !== 'string' || !from) throw new UsageError('restore needs --from FILE (the backup).');
  if (typeof into !== 'string' || !into) {
    throw new UsageError(
      'restore needs --into DATABASE_URL (a new PostgreSQL database) or --into DIR (a new folder).',
    );
  }
  if (values.to !== undefined) throw new UsageError('--to is an option of backup, not of restore.');
  const keys = secretKeys();
  const kind = backupKind(path.resolve(from));
  if (kind === 'postgres') {
    const done = await restorePostgres(from, into, {
      force: values.force === true,
      noOwner: values['no-owner'] === true,
    });
    const what = done.created
      ? ' (created it)'
      : done.cleaned
        ? ' (--force: the objects of the backup were dropped and recreated; others were left)'
        : '';
    console.log(`Restored ${path.resolve(from)} into ${describeUrl(into)}${what} in ${seconds(done.ms)}.`);
    await check({ kind: 'postgres', url: into, poolSize: 2 }, keys);
    console.log(`Start the server on it with DATABASE_URL set to ${redact(into)}.`);
  } else {
    if (values.force !== undefined || values['no-owner'] !== undefined) {
      throw new UsageError(
        '--force and --no-owner apply to PostgreSQL; a backup of a data folder goes into a new, empty folder.',
      );
    }
    const done = await restoreDataDir(from, into);
    console.log(`Restored ${path.resolve(from)} into the new folder ${done.into} in ${seconds(done.ms)}.`);
    await check({ kind: 'pglite', dataDir: done.into }, keys);
    console.log(`Start the server on it with DATA_DIR=${done.into}.`);
  }
}

/** The server's SECRET_KEYS, to check the audit trail's MACs; undefined when not set. */
function secretKeys(): string[] | undefined {
  const value = process.env.SECRET_KEYS;
  if (!value) return undefined;
  const keys = value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (!keys.length || !keys.every(isSecretKey)) {
    throw new UsageError(
      'SECRET_KEYS must be base64 keys of 32 bytes, separated by commas (as for the server).',
    );
  }
  useSecretKeys(keys);
  return keys;
}

const redact = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/** Opens the restored database and prints the drill's checks; a failed check sets exit status 1. */
async function check(
  config: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string },
  keys: string[] | undefined,
) {
  const database = await openDatabase(config);
  let summary: RestoredSummary;
  try {
    summary = await inspectRestored(database.db);
  } catch (err) {
    console.error(
      `Could not check the restored database (${(err as Error).message}). A backup older than this version is checked after a server has started on it (it applies the migrations).`,
    );
    process.exitCode = 1;
    return;
  } finally {
    await database.close();
  }
  const { chain } = summary;
  console.log(
    `Checked: ${summary.customers} customers, ${summary.ledgerEntries} ledger entries, ${summary.migrations} migrations applied (a newer server applies its own at start-up).`,
  );
  if (summary.balancesOff.length) {
    console.error(`  FAILED: balances differ from their ledgers for ${summary.balancesOff.join(', ')}.`);
    process.exitCode = 1;
  } else {
    console.log("  Every customer's balance equals the sum of their ledger entries.");
  }
  const head = chain.head ? `, head seq ${chain.head.seq}` : '';
  if (chain.intact) {
    console.log(
      `  Audit trail: ${chain.entries} entries, chain intact${head}${keys ? '' : ' (MACs checked with the development key: SECRET_KEYS is not set)'}.`,
    );
  } else if (chain.firstBroken?.reason === 'MAC_MISMATCH' && !keys) {
    console.warn(
      `  Audit trail: ${chain.entries} entries${head}; the MACs cannot be checked without the server's keys: run again with SECRET_KEYS set as on the server.`,
    );
  } else {
    const why =
      chain.firstBroken?.reason === 'MAC_MISMATCH'
        ? ': its MAC does not match under SECRET_KEYS (keys other than the server’s, or an altered entry)'
        : '';
    console.error(
      `  FAILED: the audit trail's chain breaks at seq ${chain.firstBroken?.seq} (${chain.firstBroken?.reason})${why}.`,
    );
    process.exitCode = 1;
  }
}

async function main() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (err) {
    // node's own message ends with advice about positional arguments that does not apply here.
    throw new UsageError((err as Error).message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
  const [command, ...rest] = parsed.positionals;
  if (rest.length) throw new UsageError(`Unexpected argument: ${rest.join(' ')}`);
  if (command === 'backup') await backup(parsed.values);
  else if (command === 'restore') await restore(parsed.values);
  else throw new UsageError(command ? `Unknown command: ${command}` : 'Say backup or restore.');
}

const parse = () =>
  parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      into: { type: 'string' },
      force: { type: 'boolean' },
      'no-owner': { type: 'boolean' },
    },
  });

try {
  await main();
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (err instanceof BackupError || err instanceof DataDirError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
