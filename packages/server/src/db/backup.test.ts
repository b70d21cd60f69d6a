/**
 * Restore drill (issue 51): a backup taken under an earning load, restored into a new database
 * (PostgreSQL) or folder (PGlite), holds every earning acknowledged before the backup was asked
 * for — exactly once —, balances equal to their ledgers, and an audit chain that verifies and is
 * a prefix of the live one. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { channel, programmeFixtures } from '../modules/loyalty/testing.ts';
import { verifyChain } from '../platform/audit.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import {
  backupDataDir,
  backupKind,
  backupPostgres,
  backupSocketPath,
  inspectRestored,
  pgliteOf,
  requestBackup,
  restoreDataDir,
  restorePostgres,
  serveBackups,
} from './backup.ts';
import { type Database, openDatabase, rowsOf } from './client.ts';
import { LOCK_FILE } from './dataDirLock.ts';

const EARNINGS = 300;
const IN_FLIGHT = 8;
const CUSTOMERS = 12;
/** The backup is asked for once this many earnings are acknowledged (the rest run during it). */
const BACKUP_AFTER = 100;

let t: TestApp;
let fx: ReturnType<typeof programmeFixtures>;
let api: ReturnType<typeof channel>;
let work: string;
/** Restored PostgreSQL databases, dropped after the file (also when a test fails). */
const restoredDatabases: string[] = [];
const opened: Database[] = [];
const onPostgres = () => t.databaseUrl !== undefined;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'loyalty-backup-'));
  t = await buildTestApp();
  fx = programmeFixtures(t, await t.signIn());
  const spend = await fx.type('CARD_SPEND');
  await fx.rule({
    transactionTypeId: spend.id,
    amount: 10,
    pointsPerTransaction: 1,
    minPoints: 1,
    maxPoints: 500,
  });
  api = channel(t, await fx.apiKey());
  for (let i = 0; i < CUSTOMERS; i++) {
    expect((await api('PUT', `/customers/B${i}`, { fullName: `Backup ${i}` })).statusCode).toBe(201);
  }
});

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  try {
    if (restoredDatabases.length && t.databaseUrl) {
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      try {
        for (const name of restoredDatabases)
          await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

/** A new PostgreSQL database's URL on the test server, dropped after the file. */
function newDatabaseUrl() {
  const name = `test_${inject('testRunId')}_restore_${randomBytes(4).toString('hex')}`;
  restoredDatabases.push(name);
  const url = new URL(t.databaseUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function open(config: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(config);
  opened.push(database);
  return database;
}

/** Restores `file` into a new database or folder and opens it. */
async function restoreAndOpen(file: string) {
  if (onPostgres()) {
    const url = newDatabaseUrl();
    const done = await restorePostgres(file, url);
    expect(done.created).toBe(true);
    return open({ kind: 'postgres', url, poolSize: 2 });
  }
  const folder = path.join(work, `restored-${randomBytes(3).toString('hex')}`);
  await restoreDataDir(file, folder);
  return open({ kind: 'pglite', dataDir: folder });
}

const earn = (externalId: string, customerNumber: string, amount: number) =>
  api('POST', '/transactions', { externalId, customerNumber, transactionTypeCode: 'card_spend', amount });

// The two long tests: 6–7 s alone on a quiet machine, past 30 s at a load of 8–10 (2026-11-30).
describe('a backup taken under an earning load, restored', () => {
  it('holds every earning acknowledged before it, balances equal to their ledgers and an intact audit chain', async () => {
    const live = pgliteOf(t.app.db);
    // The running server's way on the embedded database: its socket (a test folder here: the
    // test app's database is in memory). On PostgreSQL, pg_dump beside the running app.
    const socket = live ? await serveBackups(live, path.join(work, 'live.sock')) : undefined;
    const file = path.join(work, onPostgres() ? 'load.dump' : 'load.tar.gz');
    const takeBackup = () =>
      socket ? requestBackup(socket.path, file) : backupPostgres(t.databaseUrl as string, file);

    const acknowledged = new Set<string>();
    const refused: string[] = [];
    let next = 0;
    let backupAsked: () => void = () => {};
    const thresholdReached = new Promise<void>((resolve) => {
      backupAsked = resolve;
    });
    const worker = async () => {
      for (let i = next++; i < EARNINGS; i = next++) {
        const id = `BK-${i}`;
        const res = await earn(id, `B${i % CUSTOMERS}`, 100 + (i % 7) * 10);
        if (res.statusCode === 201) acknowledged.add(id);
        else refused.push(`${id}: ${res.statusCode} ${res.body}`);
        if (acknowledged.size >= BACKUP_AFTER) backupAsked();
      }
    };
    // Staff commands while the load runs (new transaction types): each writes an audit entry, so
    // the chain grows across the backup too.
    let loadDone = false;
    const staffDone: string[] = [];
    const staff = async () => {
      for (let k = 0; !loadDone; k++) {
        await fx.type(`BK_AUDIT_${k}`);
        staffDone.push(`BK_AUDIT_${k}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const audited = staff();
    let before: Set<string>;
    let staffBefore: string[];
    let inFlight: number;
    let backedUp: { bytes: number };
    try {
      // (A load that fails before the threshold fails the test at once.)
      await Promise.race([thresholdReached, load]);
      // Everything acknowledged up to this instant was committed before the backup was asked
      // for, so before its snapshot (pg_dump's transaction, PGlite's copy) was taken: it must be
      // in it. What is acknowledged later may or may not be.
      before = new Set(acknowledged);
      staffBefore = [...staffDone];
      inFlight = next - before.size;
      backedUp = await takeBackup();
      await load;
    } finally {
      loadDone = true;
      await audited.catch(() => {});
      await socket?.close();
    }
    await audited;

    expect(refused).toEqual([]);
    expect(acknowledged.size).toBe(EARNINGS);
    // The backup was taken under load: earnings were in flight when it was asked for.
    expect(inFlight).toBeGreaterThan(0);
    expect(backedUp.bytes).toBeGreaterThan(0);

    const restored = await restoreAndOpen(file);
    const db = restored.db;
    const posted = rowsOf<{ external_id: string; n: number }>(
      await db.execute(sql`
        select external_id, count(*)::int as n from ledger_entries
        where kind = 'EARN' and external_id like 'BK-%' group by external_id`),
    );
    const counts = new Map(posted.map((r) => [r.external_id, r.n]));
    const missing = [...before].filter((id) => !counts.has(id));
    expect(missing, `acknowledged before the backup yet missing from it`).toEqual([]);
    expect(posted.filter((r) => r.n !== 1)).toEqual([]);
    // Nothing that was not acknowledged (the load ended with every earning acknowledged).
    expect(posted.filter((r) => !acknowledged.has(r.external_id))).toEqual([]);
    // The staff commands acknowledged before the backup too.
    const types = rowsOf<{ code: string }>(
      await db.execute(
        sql`select upper(code) as code from transaction_types where upper(code) like 'BK\_AUDIT\_%'`,
      ),
    ).map((r) => r.code);
    expect(staffBefore.filter((code) => !types.includes(code))).toEqual([]);

    const summary = await inspectRestored(db);
    expect(summary.customers).toBe(CUSTOMERS);
    expect(summary.balancesOff).toEqual([]);
    // The audit chain verifies, and is the live chain as it was (the same entry at its head).
    expect(summary.chain.intact).toBe(true);
    expect(summary.chain.firstBroken).toBeNull();
    const head = summary.chain.head;
    expect(head).not.toBeNull();
    const [liveEntry] = rowsOf<{ hash: string }>(
      await t.app.db.execute(sql`select hash from audit_log where seq = ${head?.seq ?? 0}`),
    );
    expect(liveEntry?.hash).toBe(head?.hash);
    expect((await verifyChain(t.app.db)).intact).toBe(true);

    // A server can start on it: the migrations run (nothing to apply) and it answers.
    await restored.migrate();
    await restored.ping();
  }, 90_000);
});

describe('refusals', () => {
  it('refuses to write over a backup, or to restore into a non-empty database or folder', async () => {
    // Each is refused before any work: a file that only starts like a backup is enough.
    const existing = path.join(work, 'existing.backup');
    writeFileSync(existing, 'an earlier backup');
    const live = pgliteOf(t.app.db);
    const socket = live ? await serveBackups(live, path.join(work, 'refusals.sock')) : undefined;
    try {
      const again = socket
        ? requestBackup(socket.path, existing)
        : backupPostgres(t.databaseUrl as string, existing);
      await expect(again).rejects.toThrow(/already exists.*--force/s);
    } finally {
      await socket?.close();
    }

    if (onPostgres()) {
      const dump = path.join(work, 'refusals.dump');
      writeFileSync(dump, 'PGDMP not really a dump');
      // The test app's own database is not empty.
      await expect(restorePostgres(dump, t.databaseUrl as string)).rejects.toThrow(/is not empty.*--force/s);
      // A failed restore drops the database it created.
      const url = newDatabaseUrl();
      await expect(restorePostgres(dump, url)).rejects.toThrow(/pg_restore failed/);
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      const { rows } = await admin.query('select 1 from pg_database where datname = $1', [
        new URL(url).pathname.slice(1),
      ]);
      await admin.end();
      expect(rows).toEqual([]);
      // A backup of one kind is not restored into the other.
      await expect(restoreDataDir(dump, path.join(work, 'wrong-kind'))).rejects.toThrow(/postgres:\/\/ URL/);
    } else {
      const tarball = path.join(work, 'refusals.tar.gz');
      writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 1, 2, 3]));
      const occupied = path.join(work, 'occupied');
      mkdirSync(occupied);
      writeFileSync(path.join(occupied, 'PG_VERSION'), '17');
      await expect(restoreDataDir(tarball, occupied)).rejects.toThrow(/is not empty.*move it aside/s);
      await expect(restorePostgres(tarball, 'postgres://nobody@127.0.0.1:1/x')).rejects.toThrow(/new folder/);
      // A damaged backup is refused, and the folder it was to go into is left as it was.
      await expect(restoreDataDir(tarball, path.join(work, 'never'))).rejects.toThrow(/damaged/);
      expect(existsSync(path.join(work, 'never'))).toBe(false);
    }
  });
});

describe.skipIf(process.env.DATABASE_URL)('npm run backup on a data folder', () => {
  it('asks the server holding the folder, or copies the folder itself when none does', async () => {
    // A data folder: a copy of the test app's database (quicker than a new one, whose initdb
    // takes seconds).
    const source = path.join(work, 'source');
    const seedFile = path.join(work, 'seed.tar.gz');
    const seed = await serveBackups(pgliteOf(t.app.db) as PGlite, path.join(work, 'seed.sock'));
    await requestBackup(seed?.path as string, seedFile);
    await seed?.close();
    await restoreDataDir(seedFile, source);

    // Held by a "server" (this process) that takes no backups: refused, naming it.
    const held = await openDatabase({ kind: 'pglite', dataDir: source });
    try {
      await expect(backupDataDir(source, path.join(work, 'refused.tar.gz'))).rejects.toThrow(
        new RegExp(`in use by process ${process.pid}.*Stop that process`, 's'),
      );
      // Held by a server that takes them: through its socket, beside the folder.
      const served = await serveBackups(pgliteOf(held.db) as PGlite, backupSocketPath(source));
      expect(served?.path).toBe(path.join(work, '.source.loyalty-admin.sock'));
      try {
        const online = await backupDataDir(source, path.join(work, 'online.tar.gz'));
        expect(online.how).toMatch(/by the running server/);
      } finally {
        await served?.close();
      }
    } finally {
      await held.close();
    }
    // Nobody holds it: the command opens the folder itself (and releases it).
    const offline = await backupDataDir(source, path.join(work, 'offline.tar.gz'));
    expect(offline.how).toMatch(/no server was running/);
    expect(backupKind(offline.file)).toBe('pglite');
    expect(existsSync(path.join(source, LOCK_FILE))).toBe(false);
  }, 90_000);
});
