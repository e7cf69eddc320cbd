import { addDays } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { cardWorld } from '../../test/card-world';
import { laundryPayload, wizardPayload } from '../../test/fixtures';
import { newMember } from '../../test/members';
import { signedInClient } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// Booking a recurring cleaning or pickup (DECISIONS.md "Recurring visits"): a signed-in client
// with a saved card; the series discount off the base price for pay-as-you-go clients, none for
// members; no deposit; the first booking starts the series and the window's next visits follow.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const bookingCount = async () => Number((await db.knex('bookings').count('* as n'))[0]?.n);

async function clientWithCard() {
  const client = await signedInClient(db.knex, api.url);
  await cardWorld(db.knex, client.id);
  return client;
}

describe('booking a recurring house cleaning', () => {
  it('starts a series at the series discount with no deposit, and plans the next visits', async () => {
    const client = await clientWithCard();
    const payload = wizardPayload({ frequency: 'biweekly', clientEmail: client.email });
    const { status, json } = await client.call('POST', '/api/bookings', payload);
    expect(status).toBe(201);
    // 5 hours × $45 = $225, less 10 % every 2 weeks = $202.50; add-ons $50 and green $20 in full.
    expect(json).toMatchObject({
      totalHours: 5,
      hourlyRate: '45.00',
      totalAmount: '272.50',
      depositAmount: '0.00',
      seriesId: expect.any(String),
    });
    const first = await db.knex('bookings').where({ id: json.id }).first();
    expect(first).toMatchObject({
      seriesId: json.seriesId,
      seriesDate: payload.scheduledDate,
      baseAmountCents: 20_250,
      addOnsTotalCents: 5000,
      depositAmountCents: 0,
      homeId: expect.any(String),
    });
    expect(await db.knex('bookingSeries').where({ id: json.seriesId }).first()).toMatchObject({
      clientId: client.id,
      homeId: first.homeId,
      intervalWeeks: 2,
      anchorDate: payload.scheduledDate,
      scheduledTime: '10:00',
      details: {
        serviceType: 'house',
        addOns: [
          { id: 'inside-oven', quantity: 1 },
          { id: 'window-cleaning', quantity: 4 },
        ],
        rooms: expect.objectContaining({ bedroomCount: 3, fullBathroomCount: 2 }),
      },
    });
    expect(
      await db.knex('seriesEvents').where({ seriesId: json.seriesId, kind: 'created' }),
    ).toHaveLength(1);
    const visits = await db
      .knex('bookings')
      .where({ seriesId: json.seriesId })
      .orderBy('seriesDate');
    expect(visits.map((v) => v.seriesDate)).toEqual(
      [0, 14, 28].map((d) => addDays(payload.scheduledDate, d)),
    );
    expect(visits.every((v) => v.totalAmountCents === 27_250 && v.homeId === first.homeId)).toBe(
      true,
    );
    const mail = await db
      .knex('outboundEmails')
      .where({ toAddress: client.email, template: 'booking_confirmation' })
      .first();
    expect(mail.textBody).toContain('This cleaning repeats every 2 weeks at the same time.');
  });

  it('refuses a guest, and a client without a saved card, storing nothing', async () => {
    const before = await bookingCount();
    const guest = await fetch(`${api.url}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(wizardPayload({ frequency: 'weekly' })),
    });
    expect(guest.status).toBe(400);
    expect(await guest.json()).toMatchObject({
      code: 'sign_in_required',
      message: 'Sign in to book a recurring cleaning.',
    });
    const noCard = await signedInClient(db.knex, api.url);
    const refused = await noCard.call(
      'POST',
      '/api/bookings',
      wizardPayload({ frequency: 'weekly' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'card_required',
      message:
        'Add a card to book a recurring cleaning: each visit is charged to it 12 hours before.',
    });
    expect(await bookingCount()).toBe(before);
    expect(await db.knex('bookingSeries').where({ clientId: noCard.id })).toEqual([]);
  });

  it('gives members the member rate and no extra discount', async () => {
    const member = await newMember(db.knex, api.url);
    const { status, json } = await member.call(
      'POST',
      '/api/bookings',
      wizardPayload({ frequency: 'weekly', clientEmail: member.email }),
    );
    expect(status).toBe(201);
    // 5 hours × $25, add-ons free, $20 green: the member price of a one-time visit.
    expect(json).toMatchObject({
      hourlyRate: '25.00',
      totalAmount: '145.00',
      depositAmount: '0.00',
    });
    expect(json.seriesId).toEqual(expect.any(String));
  });

  it('books a one-time cleaning for a signed-in client at a saved home, with its deposit', async () => {
    const client = await signedInClient(db.knex, api.url);
    const { status, json } = await client.call('POST', '/api/bookings', wizardPayload());
    expect(status).toBe(201);
    expect(json).toMatchObject({ totalAmount: '295.00', depositAmount: '118.00', seriesId: null });
    const stored = await db.knex('bookings').where({ id: json.id }).first();
    expect(stored).toMatchObject({ seriesId: null, homeId: expect.any(String) });
    expect(await db.knex('homes').where({ id: stored.homeId }).first()).toMatchObject({
      clientId: client.id,
      address: '3348 Hennepin Ave',
    });
  });
});

describe('booking a recurring laundry pickup', () => {
  it('takes the discount off the loads, not the detergent, with no deposit', async () => {
    const client = await clientWithCard();
    const { status, json } = await client.call(
      'POST',
      '/api/bookings/laundry',
      laundryPayload({ frequency: 'weekly', greenCleaning: true }),
    );
    expect(status).toBe(201);
    // 3 loads × $35 = $105, less 15 % weekly = $89.25; eco-friendly detergent $20 in full.
    expect(json).toMatchObject({
      totalAmount: '109.25',
      depositAmount: '0.00',
      seriesId: expect.any(String),
    });
    const series = await db.knex('bookingSeries').where({ id: json.seriesId }).first();
    expect(series).toMatchObject({
      serviceType: 'laundry',
      intervalWeeks: 1,
      details: { serviceType: 'laundry', numberOfLoads: 3, greenCleaning: true },
    });
    const visits = await db.knex('bookings').where({ seriesId: json.seriesId });
    expect(visits.length).toBeGreaterThanOrEqual(4);
    expect(visits.every((v) => v.serviceType === 'laundry' && v.totalAmountCents === 10_925)).toBe(
      true,
    );
  });

  it('refuses a recurring pickup to a guest', async () => {
    const before = await bookingCount();
    const res = await fetch(`${api.url}/api/bookings/laundry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(laundryPayload({ frequency: 'every_4_weeks' })),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'sign_in_required' });
    expect(await bookingCount()).toBe(before);
  });
});
