import { discountCodeViewSchema } from '@twinclean/shared/discount-codes';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { wizardPayload } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let owner: { id: string; call: JsonCall<Record<string, unknown>> };
let staff: JsonCall<Record<string, unknown>>;

beforeAll(async () => {
  await seedDemoData(db.knex);
  const ownerUser = await newUser(db.knex, 'client', { role: 'admin_owner' });
  const staffUser = await newUser(db.knex, 'client', { role: 'admin_staff' });
  owner = { id: ownerUser.id, call: await signedInJson(api.url, ownerUser.email) };
  staff = await signedInJson(api.url, staffUser.email);
});

const form = (fields: Record<string, unknown> = {}) => ({
  code: 'summer20',
  kind: 'fixed',
  percentOff: null,
  amountOff: '20.00',
  serviceTypes: ['house', 'house'],
  firstBookingOnly: true,
  startsOn: '',
  endsOn: '',
  maxUses: 2,
  maxUsesPerClient: 1,
  ...fields,
});

describe('the owner’s discount codes', () => {
  it('creates a code once, lists it with its uses and what they took off, audited', async () => {
    const created = await owner.call('POST', '/api/admin/discount-codes', form());
    expect(created.status).toBe(201);
    expect(discountCodeViewSchema.parse(created.json)).toMatchObject({
      code: 'SUMMER20',
      description: '$20 off',
      amountOff: '20.00',
      serviceTypes: ['house'],
      uses: 0,
      discountGiven: '0.00',
    });
    const again = await owner.call('POST', '/api/admin/discount-codes', form());
    expect(again).toMatchObject({
      status: 409,
      json: { message: 'A code SUMMER20 already exists' },
    });

    const booked = await fetch(`${api.url}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        wizardPayload({
          discountCode: 'SUMMER20',
          clientEmail: 'first.timer@example.com',
          scheduledDate: addDays(chicagoDate(new Date()), 4),
        }),
      ),
    });
    expect(booked.status).toBe(201);
    const list = await staff('GET', '/api/admin/discount-codes');
    const codes = (list.json as { codes: unknown[] }).codes.map((c) =>
      discountCodeViewSchema.parse(c),
    );
    expect(codes.find((c) => c.code === 'SUMMER20')).toMatchObject({
      uses: 1,
      discountGiven: '20.00',
    });
    const audits = await db.knex('auditLog').where({ action: 'discount_code.created' });
    expect(audits).toMatchObject([{ actorId: owner.id, entityId: created.json.id }]);
  });

  it('refuses a bad code with 400, and staff with 403, changing nothing', async () => {
    const before = await snapshot(db.knex, { except: ['sessions'] });
    const bad = await owner.call(
      'POST',
      '/api/admin/discount-codes',
      form({ code: 'no spaces!', kind: 'percent', percentOff: null, amountOff: null }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Use 3 to 20 letters, digits or dashes');
    expect(JSON.stringify(bad.json)).toContain('Percent off is required');
    const dates = await owner.call(
      'POST',
      '/api/admin/discount-codes',
      form({ code: 'DATES', startsOn: '2026-12-10', endsOn: '2026-12-01' }),
    );
    expect(dates.status).toBe(400);
    expect(JSON.stringify(dates.json)).toContain('Ends on must not be before starts on');
    const refused = await staff('POST', '/api/admin/discount-codes', form({ code: 'STAFF' }));
    expect(refused.status).toBe(403);
    expect(await snapshot(db.knex, { except: ['sessions'] })).toBe(before);
  });

  it('turns a code off and changes its reach, never below the uses made', async () => {
    const created = await owner.call('POST', '/api/admin/discount-codes', form({ code: 'REACH' }));
    const id = created.json.id as string;
    await db.knex('discountCodes').where({ id }).update({ uses: 2 });
    const below = await owner.call('PATCH', `/api/admin/discount-codes/${id}`, { maxUses: 1 });
    expect(below).toMatchObject({
      status: 422,
      json: { message: 'Total uses cannot be less than the 2 already made' },
    });
    const changed = await owner.call('PATCH', `/api/admin/discount-codes/${id}`, {
      active: false,
      maxUses: 5,
      endsOn: '2027-01-31',
    });
    expect(changed.json).toMatchObject({ active: false, maxUses: 5, endsOn: '2027-01-31' });
    const staffChange = await staff('PATCH', `/api/admin/discount-codes/${id}`, { active: true });
    expect(staffChange.status).toBe(403);
    expect(await db.knex('auditLog').where({ action: 'discount_code.changed' })).toHaveLength(1);
  });
});
