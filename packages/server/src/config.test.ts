import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureBaseline, FirstStartError } from './db/seed.ts';

describe('loadConfig', () => {
  it('defaults to embedded PGlite in ./data on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toMatchObject({ kind: 'pglite' });
    expect((c.database as { dataDir: string }).dataDir).toMatch(/\/data$/);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', poolSize: 10 });
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    }
  });
});

describe('first start', () => {
  it('on PostgreSQL without ADMIN_PASSWORD stops with a clear error', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db' });
    await expect(ensureBaseline(database.db, config, 'unused-demo-password')).rejects.toThrow(
      FirstStartError,
    );
    await database.close();
  });
});
