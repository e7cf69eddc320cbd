import { notServedMessage, serviceAreaCheckSchema } from '@twinclean/shared/service-area';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { dryCleaningPayload, laundryPayload, wizardPayload } from '../../test/fixtures';
import { signedInClient } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

beforeAll(() => seedDemoData(db.knex));

let ip = 0;
async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++ip}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('the served ZIPs', () => {
  it('start as the Minnesota ZIPs within 25 miles of downtown Minneapolis', async () => {
    const zips = (await db.knex('servedZips').orderBy('zip')).map((row) => row.zip as string);
    expect(zips).toHaveLength(194);
    expect(zips).toEqual(expect.arrayContaining(['55401', '55104', '55408', '55113', '55424']));
    // Duluth, and Hudson across the river in Wisconsin.
    expect(zips).not.toContain('55802');
    expect(zips).not.toContain('54016');
  });
});

describe('GET /api/service-area/:zip', () => {
  it('says whether a ZIP is served, with the place and the forms’ words', async () => {
    const served = await call('GET', '/api/service-area/55401');
    expect(served.status).toBe(200);
    expect(serviceAreaCheckSchema.parse(served.json)).toEqual({
      zip: '55401',
      served: true,
      place: 'Minneapolis, MN',
      message: null,
    });
    const duluth = await call('GET', '/api/service-area/55802');
    expect(duluth.json).toEqual({
      zip: '55802',
      served: false,
      place: 'Duluth, MN',
      message: "We don't serve 55802 yet",
    });
    const unknown = await call('GET', '/api/service-area/00000');
    expect(unknown.json).toMatchObject({ served: false, place: null });
  });

  it('refuses what is not a ZIP code with 400', async () => {
    const bad = await call('GET', '/api/service-area/5540');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('ZIP code must be 5 digits');
  });
});

describe('POST /api/waitlist', () => {
  it('keeps one entry per e-mail, ZIP and service, however often it is sent', async () => {
    const form = { email: ' Ana@Example.com ', zip: '55802', serviceType: 'carpet' };
    for (let i = 0; i < 2; i++) {
      const joined = await call('POST', '/api/waitlist', form);
      expect(joined).toEqual({ status: 201, json: { message: "You're on the waitlist" } });
    }
    const rows = await db.knex('waitlistEntries').where({ email: 'ana@example.com' });
    expect(rows).toMatchObject([{ zip: '55802', serviceType: 'carpet', notifiedAt: null }]);
    // Another service is another wish.
    await call('POST', '/api/waitlist', { ...form, serviceType: 'house' });
    expect(await db.knex('waitlistEntries').where({ email: 'ana@example.com' })).toHaveLength(2);
  });

  it('refuses a bad form with 400 and stores nothing', async () => {
    const before = await snapshot(db.knex);
    const bad = await call('POST', '/api/waitlist', {
      email: 'not-an-email',
      zip: '558',
      serviceType: 'windows',
    });
    expect(bad.status).toBe(400);
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('bookings outside the service area', () => {
  it('are refused with 422 and the ZIP named under its field, nothing stored', async () => {
    const before = await snapshot(db.knex);
    const house = await call(
      'POST',
      '/api/bookings',
      wizardPayload({ city: 'Duluth', zipCode: '55802' }),
    );
    expect(house).toEqual({
      status: 422,
      json: {
        message: notServedMessage('55802'),
        code: 'not_served',
        details: { fields: { zipCode: notServedMessage('55802') } },
      },
    });
    // Laundry picked up in Minneapolis but brought back to Duluth: the drop-off is refused.
    const laundry = await call(
      'POST',
      '/api/bookings/laundry',
      laundryPayload({
        sameAsPickup: false,
        dropoffAddress: '1 Superior St',
        dropoffCity: 'Duluth',
        dropoffState: 'MN',
        dropoffZipCode: '55802',
      }),
    );
    expect(laundry.status).toBe(422);
    expect(laundry.json.details).toEqual({
      fields: { dropoffZipCode: notServedMessage('55802') },
    });
    const rugs = await call(
      'POST',
      '/api/bookings/dry-cleaning',
      dryCleaningPayload({ pickupZip: '55803', pickupCity: 'Duluth' }),
    );
    expect(rugs.status).toBe(422);
    expect(rugs.json.details).toEqual({ fields: { pickupZip: notServedMessage('55803') } });
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('go by the saved home’s address, whatever the form sent', async () => {
    const client = await signedInClient(db.knex, api.url);
    const home = await client.call('POST', '/api/homes', {
      label: 'Cabin',
      address: '1 Superior St',
      city: 'Duluth',
      state: 'MN',
      zipCode: '55802',
      rooms: null,
      hasPets: false,
      petDetails: '',
      parkingNotes: '',
      entryNotes: '',
    });
    expect(home.status).toBe(201);
    const booked = await client.call(
      'POST',
      '/api/bookings',
      wizardPayload({ homeId: home.json.id, zipCode: '55408', clientEmail: client.email }),
    );
    expect(booked.status).toBe(422);
    expect(booked.json.message).toBe(notServedMessage('55802'));
  });
});
