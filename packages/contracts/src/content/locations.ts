import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { idInput, requiredText, text, timestamps } from '../common.ts';
import { listQuerySchema, pageSchema } from '../pagination.ts';
import { defineResource } from '../resource.ts';

/** A branch (staffed, with opening hours) or an ATM. */
export const locationTypes = ['BRANCH', 'ATM'] as const;
export type LocationType = (typeof locationTypes)[number];
/** Spec §3 "working days": the days of the week, Sunday first. */
export const weekDays = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type WeekDay = (typeof weekDays)[number];
/** What a location offers the customer. */
export const locationServices = [
  'CASH_WITHDRAWAL',
  'CASH_DEPOSIT',
  'ACCOUNT_OPENING',
  'CARDS',
  'LOANS',
  'FOREIGN_EXCHANGE',
  'BUSINESS_BANKING',
  'REWARDS_DESK',
] as const;
export type LocationService = (typeof locationServices)[number];
export const locationStatuses = ['ACTIVE', 'INACTIVE'] as const;

const required = 'fillAllFields';
const isBlank = (v: unknown) => v === undefined || v === null || v === '';
/** Missing → 'Please fill all fields.'; present but out of range → the range message. */
const coordinate = (limit: number, rangeKey: string) =>
  z
    .number({ error: (issue) => (isBlank(issue.input) ? required : rangeKey) })
    .min(-limit, { error: rangeKey })
    .max(limit, { error: rangeKey });

/** 24-hour `HH:MM`. */
const timeOfDay = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'timeFormat' });

/**
 * An optional value that is checked when given; none is null (or left out). '' is refused like any
 * other text the check forbids (issue 48): the web sends an emptied input as null.
 */
const optional = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

/** International or local: digits with an optional leading +, spaces and dashes; 7–15 digits. */
export const phonePattern = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;
const phone = text(25)
  .regex(phonePattern, { error: 'phoneInvalid' })
  .refine((v) => v.replace(/\D/g, '').length <= 15, { error: 'phoneInvalid' });
const email = text(200).pipe(z.email({ error: 'emailInvalid' }));

const locationFields = z.object({
  type: z.enum(locationTypes, { error: required }),
  nameEn: requiredText(required, 150),
  nameAr: requiredText(required, 150),
  city: requiredText(required, 100).describe('In English'),
  cityAr: text(100).default('').describe('In Arabic; empty: not translated yet (the English is shown)'),
  address: text(300).default('').describe('In English'),
  addressAr: text(300).default('').describe('In Arabic; empty: not translated yet'),
  latitude: coordinate(90, 'latitudeRange').describe('WGS 84 degrees, −90 to 90'),
  longitude: coordinate(180, 'longitudeRange').describe('WGS 84 degrees, −180 to 180'),
  phone: optional(phone).describe('Digits, spaces, dashes and an optional leading +'),
  email: optional(email),
  openingTime: timeOfDay.describe('24-hour HH:MM'),
  closingTime: timeOfDay.describe('24-hour HH:MM, after the opening time'),
  workingDays: z
    .array(z.enum(weekDays), { error: 'chooseWorkingDays' })
    .min(1, { error: 'chooseWorkingDays' })
    .max(7)
    .refine((days) => new Set(days).size === days.length, { error: 'chooseWorkingDays' }),
  services: z.array(z.enum(locationServices)).max(locationServices.length).default([]),
  status: z.enum(locationStatuses).default('ACTIVE'),
});

const hoursInOrder = (v: { openingTime: string; closingTime: string }) => v.closingTime > v.openingTime;
const hours = locationFields.pick({ openingTime: true, closingTime: true });
const hoursIssue = {
  error: 'closingBeforeOpening',
  path: ['closingTime'],
  // Said with the other fields' messages, as soon as both times are valid.
  when: (payload: { value: unknown }) => hours.safeParse(payload.value).success,
};

export const locationInput = locationFields.refine(hoursInOrder, hoursIssue);
export type LocationInput = z.input<typeof locationInput>;
export const locationUpdateInput = locationFields.extend(idInput.shape).refine(hoursInOrder, hoursIssue);

export const locationSchema = locationFields.extend({ id: z.number().int(), ...timestamps });
export type Location = z.infer<typeof locationSchema>;

export const locationSortFields = ['nameEn', 'nameAr', 'city', 'cityAr', 'type', 'createdAt'] as const;
export const locationListQuery = listQuerySchema(locationSortFields, {
  type: z.enum(locationTypes).optional(),
  status: z.enum(locationStatuses).optional(),
});
export type LocationListQuery = z.output<typeof locationListQuery>;
export const locationPage = pageSchema(locationSchema);

/** Every location as a map marker (the list screen's map clusters them all, not one page). */
export const locationMarker = locationSchema.pick({
  id: true,
  type: true,
  nameEn: true,
  nameAr: true,
  city: true,
  cityAr: true,
  latitude: true,
  longitude: true,
  status: true,
});
export type LocationMarker = z.infer<typeof locationMarker>;
export const locationMarkers = z.object({ items: z.array(locationMarker) });

/** The map's base layer: a tile server when one is configured (`MAP_TILE_URL`), else the offline outlines. */
export const locationMapSettings = z.object({
  tileUrl: z.string().nullable().describe('Template with {z}/{x}/{y}; null = offline outlines only'),
  attribution: z.string(),
});
export type LocationMapSettings = z.infer<typeof locationMapSettings>;

export const locationCommands = {
  create: command('location.create', locationInput, 'Create a branch or ATM location'),
  update: command('location.update', locationUpdateInput, 'Update a branch or ATM location'),
  delete: command('location.delete', idInput, 'Delete a branch or ATM location'),
};
export const locationRead: ReadPermission = {
  code: 'location.read',
  summary: 'View branch and ATM locations',
};

export const locationResource = defineResource({
  name: 'locations',
  area: 'content',
  tag: 'Content: locations',
  item: locationSchema,
  page: locationPage,
  query: locationListQuery,
  sortFields: locationSortFields,
  read: locationRead,
  commands: locationCommands,
  screens: {
    list: { path: 'application/location', label: 'locations' },
    create: { path: 'application/create-location', label: 'createLocation' },
    edit: { path: 'application/edit-location/:id', label: 'editLocation' },
  },
  menu: { group: 'applicationContent' },
});

/** The largest search radius of the customer app's "near me", in kilometres. */
export const MAX_NEAR_RADIUS_KM = 500;

/** `?near=lat,lng&radius=km&type=`: active locations within the radius, nearest first. */
export const locationNearQuery = z.object({
  near: z
    .string()
    .max(60)
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, { error: 'near must be "latitude,longitude"' })
    .transform((v) => v.split(',').map(Number) as [number, number])
    .refine(([lat, lng]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180, {
      error: 'near is outside the valid coordinate ranges',
    })
    .optional()
    .describe('latitude,longitude (WGS 84); without it, every active location by name'),
  radius: z.coerce
    .number()
    .positive()
    .max(MAX_NEAR_RADIUS_KM)
    .default(25)
    .describe('Kilometres (default 25)'),
  type: z.enum(locationTypes).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type LocationNearQuery = z.output<typeof locationNearQuery>;

/** A location as the customer app sees it. */
export const publicLocation = locationSchema
  .omit({ status: true, createdAt: true, updatedAt: true })
  .extend({ distanceKm: z.number().nullable().describe('From `near`, in km; null without `near`') });
export type PublicLocation = z.infer<typeof publicLocation>;
export const publicLocationList = z.object({ items: z.array(publicLocation) });
