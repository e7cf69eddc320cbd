import {
  type AdminPricing,
  adminPricingSchema,
  pricingHistorySchema,
  pricingSavedSchema,
  STALE_PRICING_MESSAGE,
} from '@twinclean/shared/admin-pricing';
import { defaultPricingConfig, pricingConfigSchema } from '@twinclean/shared/pricing-config';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { wizardPayload } from '../../test/fixtures';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let owner: JsonCall;
let staff: JsonCall;

beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, 'owner@example.com');
  staff = await signedInJson(api.url, 'staff@example.com');
});

let ip = 0;
async function guest(method: string, path: string, body?: unknown) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${++ip}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const current = async (): Promise<AdminPricing> => {
  const { status, json } = await owner('GET', '/api/admin/pricing');
  expect(status).toBe(200);
  return adminPricingSchema.parse(json);
};

/** The form as loaded, with some fields changed. */
const edited = (from: AdminPricing, changes: Record<string, unknown> = {}) => ({
  ...from.values,
  version: from.version,
  ...changes,
});

describe('the pricing editor', () => {
  it('shows the owner every price as the form holds it, version 1; staff and guests are refused', async () => {
    const pricing = await current();
    expect(pricing.version).toBe(1);
    expect(pricing.savedBy).toBeNull();
    expect(pricing.values).toMatchObject({
      hourlyRate: '45.00',
      subscriberHourlyRate: '25.00',
      standardPlan: '99.99',
      depositPercent: '40',
      subscriptionMinimumMonths: '3',
      providerSharePercent: '60',
      maxWaitPay: '100.00',
    });
    expect(pricing.values.items.rug_persian).toBe('150.00');
    expect(pricing.values.addOns['inside-oven']).toBe('30.00');
    expect(pricing.addOns).toHaveLength(11);

    for (const [method, path] of [
      ['GET', '/api/admin/pricing'],
      ['PUT', '/api/admin/pricing'],
      ['GET', '/api/admin/pricing/versions'],
    ] as const) {
      const body = method === 'PUT' ? edited(pricing, { hourlyRate: '1.00' }) : undefined;
      const refused = await staff(method, path, body);
      expect(refused.status, path).toBe(403);
      expect((await guest(method, path, body)).status, path).toBe(401);
    }
    expect((await current()).values.hourlyRate).toBe('45.00');
  });

  it('refuses bad figures field by field, writing nothing', async () => {
    const pricing = await current();
    const before = await snapshot(db.knex);
    const { status, json } = await owner(
      'PUT',
      '/api/admin/pricing',
      edited(pricing, {
        hourlyRate: 'forty',
        depositPercent: '140',
        seniorPlan: '0',
        maxWaitPay: '150.00',
        items: { ...pricing.values.items, shirt: '6.999' },
        addOns: { ...pricing.values.addOns, 'inside-oven': '-1' },
      }),
    );
    expect(status).toBe(400);
    const issues = (json as { issues: { path: (string | number)[]; message: string }[] }).issues;
    const at = (path: string) => issues.find((i) => i.path.join('.') === path)?.message;
    expect(at('hourlyRate')).toBe('Hourly rate: enter dollars, like 45.00');
    expect(at('depositPercent')).toBe('Deposit must be from 0 to 100%');
    expect(at('seniorPlan')).toBe('Senior plan must be from $1.00 to $5,000.00');
    // No provider can enter more wait pay than the clock-out takes.
    expect(at('maxWaitPay')).toBe('Maximum wait pay must be from $0.00 to $100.00');
    expect(at('items.shirt')).toBe('Item price: enter dollars, like 45.00');
    expect(at('addOns.inside-oven')).toBe('Add-on price: enter dollars, like 45.00');

    const cheaper = await owner(
      'PUT',
      '/api/admin/pricing',
      edited(pricing, { subscriberHourlyRate: '50.00' }),
    );
    expect(cheaper.status).toBe(400);
    expect(cheaper.json).toMatchObject({
      message: 'subscriberHourlyRate: The subscriber hourly rate cannot be above the hourly rate',
    });

    const { 'inside-oven': _oven, ...withoutOven } = pricing.values.addOns;
    const missing = await owner(
      'PUT',
      '/api/admin/pricing',
      edited(pricing, { addOns: withoutOven }),
    );
    expect(missing).toMatchObject({
      status: 400,
      json: { message: 'Enter a price for every add-on: Inside Oven' },
    });
    const unknown = await owner(
      'PUT',
      '/api/admin/pricing',
      edited(pricing, { addOns: { ...pricing.values.addOns, 'gold-plating': '9.00' } }),
    );
    expect(unknown).toMatchObject({
      status: 400,
      json: { message: 'Unknown add-on: gold-plating' },
    });
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('makes no version for a save that changes nothing', async () => {
    const pricing = await current();
    const { status, json } = await owner('PUT', '/api/admin/pricing', edited(pricing));
    expect(status).toBe(200);
    expect(pricingSavedSchema.parse(json)).toMatchObject({ version: 1, changes: [] });
    const counted = await db.knex('pricingVersions').count({ n: '*' }).first();
    expect(Number(counted?.n)).toBe(1);
  });

  it('saves a new version: new bookings and the public prices use it, an existing booking keeps its price', async () => {
    const old = await guest('POST', '/api/bookings', wizardPayload());
    expect(old.status).toBe(201);
    expect(old.json).toMatchObject({ hourlyRate: '45.00', totalAmount: '295.00' });

    const pricing = await current();
    const saved = await owner(
      'PUT',
      '/api/admin/pricing',
      edited(pricing, {
        hourlyRate: ' 50 ',
        addOns: { ...pricing.values.addOns, 'inside-oven': '32.5' },
        items: { ...pricing.values.items, tie: '5.25' },
        note: 'Winter rates',
      }),
    );
    expect(saved.status).toBe(200);
    const answer = pricingSavedSchema.parse(saved.json);
    expect(answer.version).toBe(2);
    expect(answer.savedBy?.email).toBe(demoAccounts.owner.email);
    expect(answer.values).toMatchObject({ hourlyRate: '50.00' });
    expect(answer.changes).toEqual([
      { field: 'hourlyRate', label: 'Hourly rate', from: '$45.00', to: '$50.00' },
      { field: 'items.tie', label: 'Tie', from: '$5.00', to: '$5.25' },
      { field: 'addOns.inside-oven', label: 'Inside Oven', from: '$30.00', to: '$32.50' },
    ]);

    // The public reads and a new booking, with no restart: 5 h × $50 + $32.50 + $20 windows + $20 green.
    expect((await guest('GET', '/api/pricing')).json).toMatchObject({ hourlyRateCents: 5000 });
    const addOns = (await guest('GET', '/api/add-ons')).json as unknown as {
      id: string;
      price: string;
    }[];
    expect(addOns.find((a) => a.id === 'inside-oven')?.price).toBe('32.50');
    const fresh = await guest('POST', '/api/bookings', wizardPayload());
    expect(fresh.json).toMatchObject({
      hourlyRate: '50.00',
      totalAmount: '322.50',
      depositAmount: '129.00',
    });
    const kept = await db.knex('bookings').where({ id: old.json.id }).first();
    expect(kept).toMatchObject({ hourlyRateCents: 4500, totalAmountCents: 29500 });
    const keptOven = await db
      .knex('bookingAddOns')
      .where({ bookingId: old.json.id, addOnId: 'inside-oven' })
      .first();
    expect(keptOven.unitPriceCents).toBe(3000);

    // The live row is the latest version, and the write is in the audit log.
    const latest = await db.knex('pricingVersions').where({ version: 2 }).first();
    const live = await db.knex('pricingConfig').first();
    expect(pricingConfigSchema.parse(latest.config)).toEqual(pricingConfigSchema.parse(live));
    expect(live.version).toBe(2);
    expect(latest.addOnCents['inside-oven']).toBe(3250);
    const logged = await db.knex('auditLog').where({ entity: 'pricing', entityId: '2' }).first();
    expect(logged).toMatchObject({
      action: 'pricing.update',
      actorId: demoAccounts.owner.id,
      before: { version: 1, hourlyRate: '$45.00' },
      after: { version: 2, hourlyRate: '$50.00', note: 'Winter rates' },
    });
  });

  it('refuses a save from a replaced version with 409, and lets one of two racing saves win', async () => {
    const before = await snapshot(db.knex);
    const stale = await owner(
      'PUT',
      '/api/admin/pricing',
      edited({ ...(await current()), version: 1 }, { hourlyRate: '60.00' }),
    );
    expect(stale).toMatchObject({ status: 409, json: { message: STALE_PRICING_MESSAGE } });
    expect(await snapshot(db.knex)).toBe(before);

    const pricing = await current();
    const answers = await Promise.all(
      ['55.00', '56.00'].map((rate) =>
        owner('PUT', '/api/admin/pricing', edited(pricing, { hourlyRate: rate })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await current()).version).toBe(3);
  });

  it('lists the history newest first with who saved each version and what it changed', async () => {
    const { status, json } = await owner('GET', '/api/admin/pricing/versions');
    expect(status).toBe(200);
    const history = pricingHistorySchema.parse(json);
    expect(history).toMatchObject({ page: 1, pageSize: 10, total: 3 });
    expect(history.items.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(history.items[1]).toMatchObject({
      note: 'Winter rates',
      createdBy: { email: demoAccounts.owner.email },
    });
    expect(history.items[2]).toMatchObject({ createdBy: null, changes: [], note: null });
    const [first] = (await db.knex('pricingVersions').where({ version: 1 })) as {
      config: unknown;
    }[];
    expect(pricingConfigSchema.parse(first?.config)).toEqual(defaultPricingConfig);

    const beyond = await owner('GET', '/api/admin/pricing/versions?page=2');
    expect(pricingHistorySchema.parse(beyond.json)).toMatchObject({ items: [], total: 3 });
    const bad = await owner('GET', '/api/admin/pricing/versions?page=0');
    expect(bad).toMatchObject({ status: 400, json: { message: 'page: Page must be 1 or more' } });
  });
});

describe('the recurring visits discounts', () => {
  it('are edited like any figure: checked, versioned, and used by the next recurring booking', async () => {
    const pricing = await current();
    expect(pricing.values).toMatchObject({
      seriesWeeklyDiscountPercent: '15',
      seriesBiweeklyDiscountPercent: '10',
      seriesFourWeeklyDiscountPercent: '5',
    });
    const bad = await owner(
      'PUT',
      '/api/admin/pricing',
      edited(pricing, { seriesWeeklyDiscountPercent: '101' }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Every week discount must be from 0 to 100%');
    const saved = await owner(
      'PUT',
      '/api/admin/pricing',
      edited(pricing, { seriesWeeklyDiscountPercent: '20', seriesFourWeeklyDiscountPercent: '0' }),
    );
    expect(saved.status).toBe(200);
    expect(pricingSavedSchema.parse(saved.json).changes).toEqual([
      {
        field: 'seriesWeeklyDiscountPercent',
        label: 'Every week discount',
        from: '15%',
        to: '20%',
      },
      {
        field: 'seriesFourWeeklyDiscountPercent',
        label: 'Every 4 weeks discount',
        from: '5%',
        to: '0%',
      },
    ]);
    const live = pricingConfigSchema.parse(await db.knex('pricingConfig').first());
    expect(live).toMatchObject({
      seriesWeeklyDiscountPercent: 20,
      seriesBiweeklyDiscountPercent: 10,
      seriesFourWeeklyDiscountPercent: 0,
    });
  });
});
