import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { createdAt, idColumn, sealedJson, sealedText, updatedAt } from './columns.ts';

export const permissions = pgTable('permissions', {
  code: text('code').primaryKey(),
  /** A number for the screens' addresses (employee/edit-permission/{id}); the code is the key. */
  id: integer('id').notNull().unique('permissions_id_key').generatedAlwaysAsIdentity(),
  area: text('area').notNull(),
  kind: text('kind', { enum: ['command', 'read'] }).notNull(),
  name: text('name').notNull(),
  /** Arabic; '' = not translated (readers show the English). decisions/bilingual.md */
  nameAr: text('name_ar').notNull().default(''),
  description: text('description').notNull().default(''),
  descriptionAr: text('description_ar').notNull().default(''),
  status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
    .notNull()
    .default('ACTIVE'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_code_key').on(t.code)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionCode: text('permission_code')
      .notNull()
      .references(() => permissions.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionCode] })],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    /** The name in Arabic script (issue 54); empty: screens show full_name. */
    fullNameAr: text('full_name_ar').notNull().default(''),
    email: text('email'),
    /** A new address set by someone, waiting for its owner to follow the link sent to it. */
    pendingEmail: text('pending_email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Why a change is forced: FIRST_SIGN_IN (invited) or RESET (an administrator started one). */
    mustChangeReason: text('must_change_reason', { enum: ['FIRST_SIGN_IN', 'RESET'] }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Failed sign-ins since the last success; a LOCK setting locks the account at its limit. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** End of a timed lock; null with lockedAt set means locked until an administrator unlocks. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Base32 TOTP secret once enrolled, and one being enrolled (until its first code is confirmed). */
    totpSecret: sealedText('totp_secret'),
    totpPendingSecret: sealedText('totp_pending_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last 30-second step whose code was accepted: a code is usable once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Usernames are unique regardless of case.
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
  ],
);

/** Hashes of a user's earlier passwords (newest last), for the credential policy's history rule. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.id)],
);

/** Single-use recovery codes of the second factor; only SHA-256 hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Single-use password links (forgotten password, admin-started reset, invitation); hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** RESET and INVITE links set a password; an EMAIL link confirms `users.pending_email`. */
    purpose: text('purpose', { enum: ['RESET', 'INVITE', 'EMAIL'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_key').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
  ],
);

/** A signed-in session: the refresh cookie names it; revoking it ends the session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    refreshHash: text('refresh_hash').notNull(),
    ip: text('ip'),
    visitorId: text('visitor_id'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the user last gave their second factor in this session (step-up for protected operations). */
    stepUpAt: timestamp('step_up_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Token signing keys, kept so tokens survive a restart and other instances can verify them. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: sealedJson<JWK>('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
