import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { users } from './identity.ts';

const bilingual = () => ({
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  descriptionEn: text('description_en').notNull().default(''),
  descriptionAr: text('description_ar').notNull().default(''),
});

/** Groups of maker-checker services; one per server area at first, staff may add more. */
export const serviceTypes = pgTable(
  'service_types',
  {
    id: idColumn(),
    code: text('code').notNull(),
    ...bilingual(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('service_types_code_key').on(t.code)],
);

/** Every command of the server is a service; kept in step with the registry at each start. */
export const approvalServices = pgTable(
  'approval_services',
  {
    serviceId: text('service_id').primaryKey(),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    ...bilingual(),
    approvalRequired: boolean('approval_required').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('approval_services_type_idx').on(t.serviceTypeId)],
);

/** The global maker-checker settings: exactly one row (id 1). */
export const makerCheckerConfig = pgTable(
  'maker_checker_config',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    allowSelfApproval: boolean('allow_self_approval').notNull().default(false),
    checkerPermission: text('checker_permission').notNull().default('approval.check'),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by'),
  },
  (t) => [check('maker_checker_config_single_row', sql`${t.id} = 1`)],
);

export const approvalStatusValues = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'FAILED'] as const;

/**
 * A write held for approval. Requests are never deleted (a trigger refuses it); only a PENDING
 * request changes status, once. At most one PENDING request per service and record key.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: idColumn(),
    serviceId: text('service_id')
      .notNull()
      .references(() => approvalServices.serviceId),
    status: text('status', { enum: approvalStatusValues }).notNull().default('PENDING'),
    /** The record and action a request is about, for refusing a second pending one. */
    recordKey: text('record_key'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    input: jsonb('input').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    makerId: integer('maker_id')
      .notNull()
      .references(() => users.id),
    makerUsername: text('maker_username').notNull(),
    makerIp: text('maker_ip'),
    makerVisitorId: text('maker_visitor_id'),
    makerRequestId: text('maker_request_id'),
    createdAt: createdAt(),
    checkerId: integer('checker_id').references(() => users.id),
    checkerUsername: text('checker_username'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
    failureCode: text('failure_code'),
    failureDetail: text('failure_detail'),
  },
  (t) => [
    uniqueIndex('approval_requests_pending_key')
      .on(t.serviceId, t.recordKey)
      .where(sql`status = 'PENDING' and record_key is not null`),
    index('approval_requests_status_idx').on(t.status, t.createdAt),
    index('approval_requests_maker_idx').on(t.makerId, t.status, t.createdAt),
    index('approval_requests_checker_idx').on(t.checkerId, t.decidedAt),
  ],
);
