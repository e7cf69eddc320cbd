import { createdSpecialBookingSchema } from '@twinclean/shared/special-bookings';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { carpetPayload, dryCleaningPayload, laundryPayload } from '../../test/fixtures';
import { catcherMailer, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db, () => ({
  trustProxy: true,
  mailer: catcherMailer(db.knex, smtp),
}));

beforeAll(() => seedDemoData(db.knex));

const PATHS = {
  carpet: '/api/bookings/carpet',
  laundry: '/api/bookings/laundry',
  dry_cleaning: '/api/bookings/dry-cleaning',
} as const;

let ip = 0;
async function book(path: string, body: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${++ip}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const stored = (id: unknown) => db.knex('bookings').where({ id }).first();

describe('POST /api/bookings/carpet', () => {
  it('prices rooms and stairs from the pricing row, ignoring totals the browser sent', async () => {
    const { status, json } = await book(
      PATHS.carpet,
      carpetPayload({ totalAmount: '1.00', depositAmount: '0.00', priceIsFinal: true }),
    );
    expect(status).toBe(201);
    // 3 bedrooms + 1 living room at $75, 1 staircase at $25 = $325; deposit 40%.
    expect(createdSpecialBookingSchema.parse(json)).toEqual({
      id: expect.any(String),
      serviceType: 'carpet',
      status: 'pending_assignment',
      totalAmount: '325.00',
      depositAmount: '130.00',
      discountAmount: '0.00',
      creditAmount: '0.00',
      giftCardAmount: '0.00',
      referralMessage: null,
      priceIsFinal: false,
      scheduledDate: carpetPayload().scheduledDate,
      scheduledTime: '10:00',
      seriesId: null,
    });
    expect(await stored(json.id)).toMatchObject({
      serviceType: 'carpet',
      clientId: null,
      subscriptionType: 'none',
      address: '3348 Hennepin Ave',
      zipCode: '55408',
      dropoffSameAsPickup: null,
      dropoffAddress: null,
      baseAmountCents: 32500,
      greenCleaningFeeCents: 0,
      totalAmountCents: 32500,
      estimatedAmountCents: 32500,
      depositAmountCents: 13000,
      priceIsFinal: false,
      hourlyRateCents: null,
      // 4 rooms × 30 min + 1 staircase × 10 min: 10:00 to 12:10 on the board.
      scheduledEndTime: '12:10',
      geocodePrecision: 'zip',
      providerId: null,
    });
    expect(
      await db.knex('carpetCleaningDetails').where({ bookingId: json.id }).first(),
    ).toMatchObject({ bedrooms: 3, livingRooms: 1, stairs: 1 });
  });

  it('adds green cleaning at the configured fee', async () => {
    const { json } = await book(PATHS.carpet, carpetPayload({ greenCleaning: true }));
    expect(json).toMatchObject({ totalAmount: '345.00', depositAmount: '138.00' });
    expect(await stored(json.id)).toMatchObject({
      greenCleaning: true,
      greenCleaningFeeCents: 2000,
      totalAmountCents: 34500,
    });
  });

  it('follows a price change in the pricing row', async () => {
    await db.knex('pricingConfig').where({ id: 1 }).update({ carpetStaircaseCents: 4000 });
    try {
      const { json } = await book(PATHS.carpet, carpetPayload());
      expect(json.totalAmount).toBe('340.00');
    } finally {
      await db.knex('pricingConfig').where({ id: 1 }).update({ carpetStaircaseCents: 2500 });
    }
  });
});

describe('POST /api/bookings/laundry', () => {
  it('prices loads, final at booking, returned to the pickup address when same as pickup', async () => {
    const { status, json } = await book(
      PATHS.laundry,
      laundryPayload({ dropoffAddress: '1 Elsewhere St', totalAmount: '1.00' }),
    );
    expect(status).toBe(201);
    expect(json).toMatchObject({
      serviceType: 'laundry',
      totalAmount: '105.00',
      depositAmount: '42.00',
      priceIsFinal: true,
    });
    expect(await stored(json.id)).toMatchObject({
      serviceType: 'laundry',
      address: '1600 Grand Ave',
      city: 'Saint Paul',
      zipCode: '55105',
      dropoffSameAsPickup: true,
      dropoffAddress: '1600 Grand Ave',
      dropoffCity: 'Saint Paul',
      dropoffState: 'MN',
      dropoffZipCode: '55105',
      totalAmountCents: 10500,
      estimatedAmountCents: null,
      priceIsFinal: true,
      scheduledEndTime: '11:00',
    });
    expect(await db.knex('laundryDetails').where({ bookingId: json.id }).first()).toMatchObject({
      numberOfLoads: 3,
    });
  });

  it('keeps a different drop-off address, and eco detergent at the green fee', async () => {
    const { json } = await book(
      PATHS.laundry,
      laundryPayload({
        sameAsPickup: false,
        dropoffAddress: '200 Summit Ave',
        dropoffCity: 'Saint Paul',
        dropoffZipCode: '55102',
        numberOfLoads: 20,
        greenCleaning: true,
      }),
    );
    expect(json).toMatchObject({ totalAmount: '720.00', depositAmount: '288.00' });
    expect(await stored(json.id)).toMatchObject({
      address: '1600 Grand Ave',
      dropoffSameAsPickup: false,
      dropoffAddress: '200 Summit Ave',
      dropoffZipCode: '55102',
    });
  });
});

describe('POST /api/bookings/dry-cleaning', () => {
  it('sums the items at their listed prices and keeps only those ordered', async () => {
    const { status, json } = await book(
      PATHS.dry_cleaning,
      dryCleaningPayload({
        totalAmount: '1.00',
        items: { suit_2piece: 2, rug_persian: 1, shirt: 0 },
      }),
    );
    expect(status).toBe(201);
    // 2 × $20 + $150 = $190, an estimate until pickup.
    expect(json).toMatchObject({
      serviceType: 'dry_cleaning',
      totalAmount: '190.00',
      depositAmount: '76.00',
      priceIsFinal: false,
    });
    expect(await stored(json.id)).toMatchObject({
      baseAmountCents: 19000,
      estimatedAmountCents: 19000,
      priceIsFinal: false,
      clientNotes: 'Wine stain near one corner of the rug.',
      dropoffAddress: '1600 Grand Ave',
      scheduledEndTime: '11:00',
    });
    const items = await db
      .knex('dryCleaningItems')
      .where({ bookingId: json.id })
      .orderBy('itemId')
      .select('itemId', 'quantity');
    expect(items).toEqual([
      { itemId: 'rug_persian', quantity: 1 },
      { itemId: 'suit_2piece', quantity: 2 },
    ]);
  });

  it('charges the $50 minimum for a small order, plus green cleaning', async () => {
    const { json } = await book(
      PATHS.dry_cleaning,
      dryCleaningPayload({ items: { shirt: 2, tie: 1 }, greenCleaning: true }),
    );
    // Two shirts and a tie are $17: the order is the $50 minimum + $20 green.
    expect(json).toMatchObject({ totalAmount: '70.00', depositAmount: '28.00' });
    expect(await stored(json.id)).toMatchObject({
      baseAmountCents: 5000,
      greenCleaningFeeCents: 2000,
      estimatedAmountCents: 7000,
    });
  });
});

describe('after booking', () => {
  it('e-mails the client over SMTP, saying a carpet or rug price is an estimate', async () => {
    const carpet = await book(PATHS.carpet, carpetPayload({ email: 'carpet.mail@example.com' }));
    const rug = await book(
      PATHS.dry_cleaning,
      dryCleaningPayload({ email: 'rug.mail@example.com' }),
    );
    const laundry = await book(
      PATHS.laundry,
      laundryPayload({ email: 'laundry.mail@example.com' }),
    );
    const sent = async (to: string) => {
      expect(smtp.mails.some((m) => m.to.includes(to) && m.raw.includes('Booking received'))).toBe(
        true,
      );
      const row = await db.knex('outboundEmails').where({ toAddress: to }).first();
      expect(row).toMatchObject({
        transport: 'smtp',
        status: 'sent',
        template: 'booking_confirmation',
      });
      return row.textBody as string;
    };
    const carpetText = await sent('carpet.mail@example.com');
    expect(carpetText).toContain('Estimated total: $325.00');
    expect(carpetText).toContain('Rooms: 3 bedrooms, 1 living room, 1 staircase');
    expect(carpetText).toMatch(/This price is an estimate: .*final carpet cleaning price/);
    expect(carpetText).toContain(`Booking reference: ${carpet.json.id}`);

    const rugText = await sent('rug.mail@example.com');
    expect(rugText).toContain('Estimated total: $190.00');
    expect(rugText).toContain('Items: 2 × 2-Piece Suit, 1 × Persian/Oriental Rug');
    expect(rugText).toMatch(/This price is an estimate: .*confirmed after pickup/);
    expect(rugText).toContain('Drop-off address: 1600 Grand Ave, Saint Paul, MN 55105');
    expect(rugText).toContain(`Booking reference: ${rug.json.id}`);

    const laundryText = await sent('laundry.mail@example.com');
    expect(laundryText).toContain('Total: $105.00');
    expect(laundryText).not.toContain('estimate');
    expect(laundryText).toContain('24–48 hours');
    expect(laundryText).toContain(`Booking reference: ${laundry.json.id}`);
  });

  it('puts the booking on the job board and queues its job alert', async () => {
    const { json } = await book(PATHS.carpet, carpetPayload());
    const open = await db
      .knex('bookings')
      .whereNull('providerId')
      .whereNull('canceledAt')
      .where('scheduledAt', '>', new Date())
      .pluck('id');
    expect(open).toContain(json.id);
    const alert = await db
      .knex('pgboss.job')
      .where({ name: 'job-alerts.opened' })
      .whereRaw("data->>'bookingId' = ?", [json.id as string])
      .first();
    expect(alert).toBeDefined();
  });
});
