import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import { isSealed, seal, unseal } from '../../platform/secrets.ts';

/** Columns every resource table shares. */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Binary content (a report file, a mail attachment): a Buffer both ways. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array)),
});

/** A secret kept sealed at rest (platform/secrets.ts): written encrypted, read in clear. */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => seal(value),
  fromDriver: (stored) => unseal(stored),
});

/**
 * A JSON secret (a private JWK) kept sealed at rest, in a jsonb column as a JSON string. Rows
 * written before sealing (plain JSON objects) still read, until `npm run secrets:rotate` seals them.
 */
export const sealedJson = <T>(name: string) =>
  customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(seal(JSON.stringify(value))),
    fromDriver: (stored) => {
      if (typeof stored !== 'string') return stored as T;
      return JSON.parse(isSealed(stored) ? unseal(stored) : stored) as T;
    },
  })(name);
