import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

/**
 * Branches and ATMs shown in the customer app. "Near me" is a bounding box on the indexed
 * (latitude, longitude) pair, then the exact great-circle distance (no PostGIS: PGlite too).
 */
export const locations = pgTable(
  'locations',
  {
    id: idColumn(),
    type: text('type', { enum: ['BRANCH', 'ATM'] }).notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    city: text('city').notNull(),
    cityAr: text('city_ar').notNull().default(''),
    address: text('address').notNull().default(''),
    addressAr: text('address_ar').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    email: text('email'),
    openingTime: time('opening_time').notNull(),
    closingTime: time('closing_time').notNull(),
    workingDays: text('working_days').array().notNull(),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_lat_lng_idx').on(t.latitude, t.longitude),
    index('locations_name_en_idx').on(t.nameEn),
    index('locations_name_ar_idx').on(t.nameAr),
    index('locations_city_idx').on(t.city),
    index('locations_city_ar_idx').on(t.cityAr),
    index('locations_type_idx').on(t.type),
    index('locations_created_at_idx').on(t.createdAt),
    check('locations_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('locations_hours_order', sql`${t.closingTime} > ${t.openingTime}`),
  ],
);

/** FAQ entries, ordered within their language by `position` (drag to reorder). */
export const faqs = pgTable(
  'faqs',
  {
    id: idColumn(),
    lang: text('lang', { enum: ['en', 'ar'] }).notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    category: text('category').notNull().default(''),
    position: integer('position').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('faqs_lang_position_idx').on(t.lang, t.position),
    index('faqs_position_idx').on(t.position),
    index('faqs_question_idx').on(t.question),
    index('faqs_category_idx').on(t.category),
    index('faqs_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Versions of the privacy policy and the terms: drafts, one PUBLISHED per kind (a partial unique
 * index holds it under concurrency), the ones it replaced RETIRED. Bodies are sanitised HTML.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: idColumn(),
    kind: text('kind', { enum: ['PRIVACY', 'TERMS'] }).notNull(),
    version: integer('version').notNull(),
    titleEn: text('title_en').notNull(),
    titleAr: text('title_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyAr: text('body_ar').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['DRAFT', 'PUBLISHED', 'RETIRED'] })
      .notNull()
      .default('DRAFT'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    publishedBy: text('published_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('legal_documents_kind_version_key').on(t.kind, t.version),
    uniqueIndex('legal_documents_one_published').on(t.kind).where(sql`${t.status} = 'PUBLISHED'`),
    index('legal_documents_version_idx').on(t.version),
    index('legal_documents_effective_date_idx').on(t.effectiveDate),
    index('legal_documents_created_at_idx').on(t.createdAt),
  ],
);

/** Which version each customer accepted, and when (recorded by the customer app). */
export const legalConsents = pgTable(
  'legal_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => legalDocuments.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    channel: text('channel').notNull(),
  },
  (t) => [
    uniqueIndex('legal_consents_customer_document_key').on(t.customerId, t.documentId),
    index('legal_consents_document_idx').on(t.documentId),
  ],
);
