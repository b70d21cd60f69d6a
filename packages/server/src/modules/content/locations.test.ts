import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { planWithoutSeqScan } from '../../test/plans.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  api = channel(t, await programmeFixtures(t, admin).apiKey(['content']));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}), as });

const branch = (nameEn: string, latitude: number, longitude: number, extra: object = {}) => ({
  type: 'BRANCH',
  nameEn,
  nameAr: `فرع ${nameEn}`,
  city: 'Riyadh',
  cityAr: 'الرياض',
  address: 'King Fahd Road',
  addressAr: 'طريق الملك فهد',
  latitude,
  longitude,
  phone: '+966 11 401 0000',
  email: 'branch@example.com',
  openingTime: '08:00',
  closingTime: '16:00',
  workingDays: ['SUN', 'MON', 'TUE', 'WED', 'THU'],
  services: ['CASH_DEPOSIT', 'CARDS'],
  ...extra,
});
const created = async (body: object) => {
  const res = await call('POST', '/locations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const fieldErrors = (res: { json(): { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.path, e.message]));

describe('POST /api/admin/locations', () => {
  it('creates a branch and answers it with HH:MM hours', async () => {
    const b = await created(branch('Olaya', 24.6953, 46.6853));
    expect(b).toMatchObject({
      nameEn: 'Olaya',
      latitude: 24.6953,
      openingTime: '08:00',
      closingTime: '16:00',
      status: 'ACTIVE',
      workingDays: ['SUN', 'MON', 'TUE', 'WED', 'THU'],
    });
    expect((await call('GET', `/locations/${b.id}`)).json()).toMatchObject({
      id: b.id,
      city: 'Riyadh',
      cityAr: 'الرياض',
      addressAr: 'طريق الملك فهد',
    });
  });

  it('refuses coordinates out of range, a bad phone or e-mail and closing before opening, each with its message', async () => {
    const res = await call(
      'POST',
      '/locations',
      branch('Bad', 91, -181, {
        phone: 'call us',
        email: 'not-an-email',
        openingTime: '17:00',
        closingTime: '09:00',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toMatchObject({
      latitude: 'latitudeRange',
      longitude: 'longitudeRange',
      phone: 'phoneInvalid',
      email: 'emailInvalid',
      closingTime: 'closingBeforeOpening',
    });
    const hours = await call(
      'POST',
      '/locations',
      branch('Late', 24, 46, { openingTime: '17:00', closingTime: '09:00' }),
    );
    expect(fieldErrors(hours)).toEqual({ closingTime: 'closingBeforeOpening' });
    const missing = await call('POST', '/locations', { type: 'ATM' });
    expect(fieldErrors(missing)).toMatchObject({ nameEn: 'fillAllFields', latitude: 'fillAllFields' });
    const time = await call('POST', '/locations', branch('Time', 24, 46, { openingTime: '25:00' }));
    expect(fieldErrors(time)).toMatchObject({ openingTime: 'timeFormat' });
  });

  it('takes an ATM without phone and e-mail (null or left out), and a location without Arabic city or address', async () => {
    const atm = await created(
      branch('ATM Tahlia', 24.7, 46.67, {
        type: 'ATM',
        phone: null,
        email: undefined,
        openingTime: '00:00',
        closingTime: '23:59',
      }),
    );
    expect(atm).toMatchObject({ type: 'ATM', phone: null, email: null });
    const { cityAr: _c, addressAr: _a, ...english } = branch('ATM Malqa', 24.8, 46.6);
    expect(await created(english)).toMatchObject({ city: 'Riyadh', cityAr: '', addressAr: '' });
  });

  it('is found by its city or address in either language', async () => {
    const b = await created(
      branch('Khobar Corniche', 26.29, 50.22, {
        city: 'Al Khobar',
        cityAr: 'الخبر',
        address: 'Corniche Road',
        addressAr: 'طريق الكورنيش',
      }),
    );
    for (const q of ['الخبر', 'الكورنيش', 'Khobar', 'Corniche Road']) {
      const { items } = (await call('GET', `/locations?q=${encodeURIComponent(q)}`)).json();
      expect(
        items.map((l: { id: number }) => l.id),
        q,
      ).toContain(b.id);
    }
  });
});

describe('PUT /api/admin/locations/{id}', () => {
  it('moves a location and keeps before and after; DELETE removes it', async () => {
    const b = await created(branch('Malaz', 24.66, 46.73));
    const put = await call(
      'PUT',
      `/locations/${b.id}`,
      branch('Malaz', 24.67, 46.74, { status: 'INACTIVE' }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ latitude: 24.67, status: 'INACTIVE' });
    expect((await call('PUT', `/locations/${b.id}`, branch('Malaz', 24.67, 200))).statusCode).toBe(400);
    expect((await call('DELETE', `/locations/${b.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/locations/${b.id}`)).statusCode).toBe(404);
  });

  it('refuses an empty phone or e-mail, which their patterns forbid; null clears them (issue 48)', async () => {
    const b = await created(branch('Rawdah', 24.73, 46.77));
    const blank = await call(
      'PUT',
      `/locations/${b.id}`,
      branch('Rawdah', 24.73, 46.77, { phone: '', email: ' ' }),
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().code).toBe('VALIDATION_FAILED');
    expect(fieldErrors(blank)).toEqual({ phone: 'phoneInvalid', email: 'emailInvalid' });
    const cleared = await call(
      'PUT',
      `/locations/${b.id}`,
      branch('Rawdah', 24.73, 46.77, { phone: null, email: null }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ phone: null, email: null });
  });
});

describe('GET /api/admin/locations/markers', () => {
  it('answers every location as a marker, and needs the read permission', async () => {
    const res = await call('GET', '/locations/markers');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((m: { nameEn: string }) => m.nameEn)).toContain('Olaya');
    const nobody = await t.userWith([]);
    expect((await call('GET', '/locations/markers', undefined, nobody)).statusCode).toBe(403);
  });
});

describe('GET /api/integration/v1/content/locations', () => {
  beforeAll(async () => {
    // Jeddah, Makkah and Dammam around Riyadh's Olaya branch; an inactive one next door.
    await created(branch('Jeddah Tahlia', 21.5433, 39.1728, { city: 'Jeddah' }));
    await created(branch('Makkah Aziziyah', 21.4011, 39.8543, { city: 'Makkah' }));
    await created(branch('Dammam Corniche', 26.4367, 50.1033, { city: 'Dammam' }));
    await created(branch('Olaya Closed', 24.696, 46.686, { status: 'INACTIVE' }));
  });

  it('answers the active locations within the radius, nearest first, with their distance', async () => {
    const res = await api('GET', '/content/locations?near=21.5,39.2&radius=100');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { nameEn: string; distanceKm: number }[];
    expect(items.map((i) => i.nameEn)).toEqual(['Jeddah Tahlia', 'Makkah Aziziyah']);
    expect(items[0]?.distanceKm).toBeCloseTo(haversineKm(21.5, 39.2, 21.5433, 39.1728), 1);
    expect(items[1]?.distanceKm).toBeCloseTo(haversineKm(21.5, 39.2, 21.4011, 39.8543), 1);

    const riyadh = (await api('GET', '/content/locations?near=24.6953,46.6853&radius=5')).json();
    expect(riyadh.items.map((i: { nameEn: string }) => i.nameEn)).toEqual(['Olaya', 'ATM Tahlia']);
    expect(riyadh.items[0].distanceKm).toBe(0);
    const atms = (await api('GET', '/content/locations?near=24.6953,46.6853&radius=5&type=ATM')).json();
    expect(atms.items.map((i: { nameEn: string }) => i.nameEn)).toEqual(['ATM Tahlia']);
  });

  it('finds across the antimeridian and near a pole', async () => {
    await created(branch('Suva Harbour', -17.9, 179.95, { city: 'Suva' }));
    await created(branch('Polar Station', 89.5, 10, { city: 'Arctic' }));
    const fiji = (await api('GET', '/content/locations?near=-17.9,-179.95&radius=50')).json();
    expect(fiji.items.map((i: { nameEn: string }) => i.nameEn)).toEqual(['Suva Harbour']);
    expect(fiji.items[0].distanceKm).toBeCloseTo(haversineKm(-17.9, -179.95, -17.9, 179.95), 1);
    const pole = (await api('GET', '/content/locations?near=89.6,-170&radius=150')).json();
    expect(pole.items.map((i: { nameEn: string }) => i.nameEn)).toEqual(['Polar Station']);
  });

  it('without near answers every active location with no distance', async () => {
    const items = (await api('GET', '/content/locations')).json().items as {
      nameEn: string;
      distanceKm: null;
    }[];
    expect(items.map((i) => i.nameEn)).not.toContain('Olaya Closed');
    expect(items.every((i) => i.distanceKm === null)).toBe(true);
  });

  it('refuses a malformed near, a radius out of range, and keys without the content scope', async () => {
    expect((await api('GET', '/content/locations?near=95,10')).statusCode).toBe(400);
    expect((await api('GET', '/content/locations?near=abc')).statusCode).toBe(400);
    expect((await api('GET', '/content/locations?near=21,39&radius=100000')).statusCode).toBe(400);
    const other = channel(t, await programmeFixtures(t, admin).apiKey(['balance']));
    expect((await other('GET', '/content/locations')).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/integration/v1/content/locations' })).statusCode).toBe(
      401,
    );
  });

  it('answers an ETag and 304 when the copy is current; a change makes a new tag', async () => {
    const first = await api('GET', '/content/locations?near=26.4,50.1&radius=50');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.inject({
      method: 'GET',
      url: '/api/integration/v1/content/locations?near=26.4,50.1&radius=50',
      headers: { ...(await keyHeaders()), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await created(branch('Dammam Faisaliyah', 26.41, 50.08, { city: 'Dammam' }));
    const changed = await api('GET', '/content/locations?near=26.4,50.1&radius=50');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('finds candidates through the (latitude, longitude) index, not a scan', async () => {
    const candidates = sql`select id from locations
      where latitude between 21 and 22 and longitude between 39 and 40`;
    expect(await planWithoutSeqScan(t.app.db, candidates)).toContain('locations_lat_lng_idx');
  });
});

/** The great-circle distance the server must agree with. */
function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

let key: Record<string, string> | undefined;
async function keyHeaders() {
  key ??= await programmeFixtures(t, admin).apiKey(['content']);
  return key;
}

describe('GET /api/admin/locations/map-settings', () => {
  it('answers no tile server by default (offline outlines)', async () => {
    const res = await call('GET', '/locations/map-settings');
    expect(res.json()).toEqual({ tileUrl: null, attribution: '' });
  });
});

describe('GET /api/admin/locations/map-settings with MAP_TILE_URL', () => {
  it('answers the tile server, and the Content-Security-Policy lets the browser load its images', async () => {
    const tiled = await buildTestApp({
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example Maps',
    });
    const res = await tiled.inject({
      method: 'GET',
      url: '/api/admin/locations/map-settings',
      as: await tiled.signIn(),
    });
    expect(res.json()).toEqual({
      tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
    });
    expect(res.headers['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://*.tiles.example.com",
    );
  });
});

describe('MAP_TILE_URL', () => {
  it('must be an http(s) template with {z}, {x} and {y}', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles.example.com/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(loadConfig({}).mapTiles).toBeUndefined();
  });
});
