import {
  type AdminPricing,
  type PricingCents,
  type PricingChange,
  type PricingSave,
  type PricingSaved,
  pricingCents,
  pricingChanges,
  pricingValues,
  STALE_PRICING_MESSAGE,
} from '@twinclean/shared/admin-pricing';
import { pricingConfigSchema } from '@twinclean/shared/pricing-config';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { AppError } from '../../errors';
import { AddOn } from '../../models/add-on';
import { PricingConfigRow } from '../../models/pricing-config-row';
import { PricingVersion } from '../../models/pricing-version';
import { User } from '../../models/user';

// The live prices stay in the one pricing_config row (and add_ons.price_cents) that every
// booking, estimate, payout and the job board's SQL already read; pricing_versions is their
// history. A save writes both in one transaction, so the row is always the latest version.

type Live = { row: PricingConfigRow; addOns: AddOn[] };

async function readLive(db: Knex, lock: boolean): Promise<Live> {
  const row = await PricingConfigRow.query(db)
    .findById(1)
    .modify((q) => (lock ? q.forUpdate() : q));
  if (!row) throw new Error('pricing_config has no row');
  const addOns = await AddOn.query(db)
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }])
    .modify((q) => (lock ? q.forUpdate() : q));
  return { row, addOns };
}

const centsOf = ({ row, addOns }: Live): PricingCents => ({
  config: pricingConfigSchema.parse(row),
  addOnCents: Object.fromEntries(addOns.map((a) => [a.id, a.priceCents])),
});

async function view(db: Knex, live: Live): Promise<AdminPricing> {
  const by = live.row.updatedBy
    ? await User.query(db)
        .findById(live.row.updatedBy)
        .select('id', 'firstName', 'lastName', 'email')
    : undefined;
  return {
    version: live.row.version,
    savedAt: new Date(live.row.updatedAt).toISOString(),
    savedBy: by ? { id: by.id, name: `${by.firstName} ${by.lastName}`, email: by.email } : null,
    values: pricingValues(centsOf(live)),
    addOns: live.addOns.map((a) => ({ id: a.id, name: a.name, active: a.isActive })),
  };
}

/** GET /api/admin/pricing: the prices new bookings get, and the version they are. */
export async function adminPricing(db: Knex): Promise<AdminPricing> {
  return view(db, await readLive(db, false));
}

/** The form must price exactly the add-ons there are: none forgotten, none made up. */
function checkAddOns(sent: Record<string, string>, addOns: AddOn[]): void {
  const unknown = Object.keys(sent).filter((id) => !addOns.some((a) => a.id === id));
  if (unknown.length) {
    throw new AppError(400, 'unknown_add_on', `Unknown add-on: ${unknown.join(', ')}`);
  }
  const missing = addOns.filter((a) => sent[a.id] === undefined);
  if (missing.length) {
    throw new AppError(
      400,
      'add_on_price_missing',
      `Enter a price for every add-on: ${missing.map((a) => a.name).join(', ')}`,
    );
  }
}

/** "from" and "to" of each change by field, as the audit log keeps a write's before and after. */
const sides = (changes: PricingChange[], side: 'from' | 'to') =>
  Object.fromEntries(changes.map((c) => [c.field, c[side]]));

/**
 * PUT /api/admin/pricing (admin_owner): every price at once, from the version the form was
 * filled from. The live row is locked while it is compared and rewritten, so of two saves from
 * one version exactly one lands and the other is told to reload. A save that changes nothing
 * makes no version.
 */
export async function savePricing(
  db: Knex,
  actorId: string,
  input: PricingSave,
): Promise<PricingSaved> {
  return db.transaction(async (trx) => {
    const live = await readLive(trx, true);
    if (live.row.version !== input.version) {
      throw new AppError(409, 'pricing_stale', STALE_PRICING_MESSAGE);
    }
    checkAddOns(input.addOns, live.addOns);
    const next = pricingCents(input);
    const names = Object.fromEntries(live.addOns.map((a) => [a.id, a.name]));
    const changes = pricingChanges(centsOf(live), next, names);
    if (!changes.length) return { ...(await view(trx, live)), changes };

    const version = live.row.version + 1;
    const now = new Date();
    await PricingVersion.query(trx).insert({
      version,
      config: next.config,
      addOnCents: next.addOnCents,
      changes,
      note: input.note || null,
      createdBy: actorId,
      createdAt: now,
    });
    await PricingConfigRow.query(trx)
      .findById(1)
      .patch({ ...next.config, version, updatedBy: actorId, updatedAt: now });
    for (const addOn of live.addOns) {
      const cents = next.addOnCents[addOn.id];
      if (cents !== undefined && cents !== addOn.priceCents) {
        await AddOn.query(trx).findById(addOn.id).patch({ priceCents: cents });
      }
    }
    await audit(trx, {
      actorId,
      action: 'pricing.update',
      entity: 'pricing',
      entityId: String(version),
      before: { version: live.row.version, ...sides(changes, 'from') },
      after: { version, ...sides(changes, 'to'), ...(input.note ? { note: input.note } : {}) },
    });
    return { ...(await view(trx, await readLive(trx, false))), changes };
  });
}
