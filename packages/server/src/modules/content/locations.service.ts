import {
  type Location,
  type LocationListQuery,
  type LocationMarker,
  type LocationNearQuery,
  locationCommands,
  type locationResource,
  type PublicLocation,
} from '@loyalty/contracts';
import { and, asc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { isoDates, listPage, type ResourceListSpec } from '../../platform/lists.ts';
import { findOrFail } from '../../platform/records.ts';

type LocationRow = typeof locations.$inferSelect;

/** `time` columns answer `HH:MM:SS`; the API speaks `HH:MM`. */
const hhmm = (t: string) => t.slice(0, 5);
const toLocation = (row: LocationRow): Location => {
  const r = isoDates(row);
  return {
    ...r,
    openingTime: hhmm(r.openingTime),
    closingTime: hhmm(r.closingTime),
    workingDays: r.workingDays as Location['workingDays'],
    services: r.services as Location['services'],
  };
};

const listSpec: ResourceListSpec<typeof locations, typeof locationResource> = {
  table: locations,
  sortable: {
    nameEn: locations.nameEn,
    nameAr: locations.nameAr,
    city: locations.city,
    cityAr: locations.cityAr,
    type: locations.type,
    createdAt: locations.createdAt,
  },
  defaultSort: { field: 'nameEn', direction: 'asc' },
  tieBreaker: locations.id,
  search: [
    locations.nameEn,
    locations.nameAr,
    locations.city,
    locations.cityAr,
    locations.address,
    locations.addressAr,
  ],
  filters: {
    type: (type) => eq(locations.type, type),
    status: (status) => eq(locations.status, status),
  },
};

export const listLocations = (db: Executor, query: LocationListQuery) =>
  listPage(db, listSpec, query, toLocation);

const findLocation = (db: Executor, id: number, forUpdate = false) =>
  findOrFail(db, locations, locations.id, id, 'Location', forUpdate);

export const getLocation = async (db: Executor, id: number) => toLocation(await findLocation(db, id));

/** The most markers the list screen's map is given (far more than a bank has branches and ATMs). */
const MARKER_LIMIT = 5000;

/** Every location as a map marker, for the list screen's clustered map. */
export async function locationMarkers(db: Executor): Promise<{ items: LocationMarker[] }> {
  const items = await db
    .select({
      id: locations.id,
      type: locations.type,
      nameEn: locations.nameEn,
      nameAr: locations.nameAr,
      city: locations.city,
      cityAr: locations.cityAr,
      latitude: locations.latitude,
      longitude: locations.longitude,
      status: locations.status,
    })
    .from(locations)
    .orderBy(asc(locations.id))
    .limit(MARKER_LIMIT);
  return { items };
}

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LATITUDE = 111.32;

/**
 * The box around `(lat, lng)` that holds every point within `radiusKm`, as conditions on the
 * indexed (latitude, longitude) pair. Near a pole the box takes every longitude; across the
 * antimeridian it is two ranges of longitude.
 */
export function boundingBox(lat: number, lng: number, radiusKm: number): SQL {
  const dLat = radiusKm / KM_PER_DEGREE_LATITUDE;
  const latRange = and(gte(locations.latitude, lat - dLat), lte(locations.latitude, lat + dLat)) as SQL;
  const cosLat = Math.cos((Math.min(89.9, Math.abs(lat) + dLat) * Math.PI) / 180);
  const dLng = radiusKm / (KM_PER_DEGREE_LATITUDE * cosLat);
  if (Math.abs(lat) + dLat >= 89.9 || dLng >= 180) return latRange;
  const [west, east] = [lng - dLng, lng + dLng];
  const lngRange = (from: number, to: number) =>
    and(gte(locations.longitude, from), lte(locations.longitude, to)) as SQL;
  if (west < -180) return and(latRange, or(lngRange(west + 360, 180), lngRange(-180, east))) as SQL;
  if (east > 180) return and(latRange, or(lngRange(west, 180), lngRange(-180, east - 360))) as SQL;
  return and(latRange, lngRange(west, east)) as SQL;
}

/** Great-circle distance in km from `(lat, lng)` to a location (haversine, in SQL). */
function distanceKm(lat: number, lng: number) {
  const deg = (v: number) => sql`${v}::double precision`;
  return sql<number>`(2 * ${deg(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
  power(sin(radians(${locations.latitude} - ${deg(lat)}) / 2), 2)
  + cos(radians(${deg(lat)})) * cos(radians(${locations.latitude}))
    * power(sin(radians(${locations.longitude} - ${deg(lng)}) / 2), 2)))))`;
}

/**
 * What the customer app shows: active locations; with `near`, those within `radius` km, nearest
 * first with their distance — a bounding box on the (latitude, longitude) index narrows the rows,
 * the exact distance then decides.
 */
export async function publicLocations(db: Executor, query: LocationNearQuery) {
  const conditions: (SQL | undefined)[] = [eq(locations.status, 'ACTIVE')];
  if (query.type) conditions.push(eq(locations.type, query.type));
  const toPublic = (row: LocationRow, distance: number | null): PublicLocation => {
    const { status: _s, createdAt: _c, updatedAt: _u, ...rest } = toLocation(row);
    return { ...rest, distanceKm: distance === null ? null : Math.round(distance * 100) / 100 };
  };
  if (!query.near) {
    const rows = await db
      .select()
      .from(locations)
      .where(and(...conditions))
      .orderBy(asc(locations.nameEn), asc(locations.id))
      .limit(query.limit);
    return { items: rows.map((row) => toPublic(row, null)) };
  }
  const [lat, lng] = query.near;
  const distance = distanceKm(lat, lng);
  const rows = await db
    .select({ row: locations, distance })
    .from(locations)
    .where(and(...conditions, boundingBox(lat, lng, query.radius), lte(distance, query.radius)))
    .orderBy(asc(distance), asc(locations.id))
    .limit(query.limit);
  return { items: rows.map((r) => toPublic(r.row, Number(r.distance))) };
}

export const locationHandlers = [
  defineHandler(
    locationCommands.create,
    async ({ tx }, input) => {
      const [row] = (await tx.insert(locations).values(input).returning()) as [LocationRow];
      const after = toLocation(row);
      return { result: after, targetType: 'location', targetId: row.id, after };
    },
    { recordKey: (input) => `${input.type}:${input.nameEn.toLowerCase()}` },
  ),
  defineHandler(locationCommands.update, async ({ tx }, { id, ...input }) => {
    const before = toLocation(await findLocation(tx, id, true));
    const [row] = (await tx
      .update(locations)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(locations.id, id))
      .returning()) as [LocationRow];
    const after = toLocation(row);
    return { result: after, targetType: 'location', targetId: id, before, after };
  }),
  defineHandler(locationCommands.delete, async ({ tx }, { id }) => {
    const before = toLocation(await findLocation(tx, id, true));
    await tx.delete(locations).where(eq(locations.id, id));
    return { result: undefined, targetType: 'location', targetId: id, before };
  }),
];
