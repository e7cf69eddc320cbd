import type {
  DiscountCodeView,
  discountCodeFormSchema,
  discountCodePatchSchema,
} from '@twinclean/shared/discount-codes';
import { centsToDollars, enteredDollarsToCents } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { audit } from '../../core/audit';
import { AppError } from '../../errors';
import { DiscountCode, DiscountRedemption } from '../../models/discount-code';
import { termsOf } from '../discount-codes/rule';

type CodeForm = z.output<typeof discountCodeFormSchema>;
type CodePatch = z.output<typeof discountCodePatchSchema>;

function viewOf(code: DiscountCode, givenCents: number): DiscountCodeView {
  const terms = termsOf(code);
  return {
    id: code.id,
    code: code.code,
    description: terms.description,
    kind: code.kind,
    percentOff: terms.percentOff,
    amountOff: terms.amountOff,
    serviceTypes: code.serviceTypes,
    firstBookingOnly: code.firstBookingOnly,
    startsOn: code.startsOn,
    endsOn: code.endsOn,
    maxUses: code.maxUses,
    maxUsesPerClient: code.maxUsesPerClient,
    uses: code.uses,
    active: code.active,
    discountGiven: centsToDollars(givenCents),
    createdAt: code.createdAt.toISOString(),
  };
}

/** What each code's uses took off, in cents, by code id. */
async function givenByCode(db: Knex, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = (await DiscountRedemption.query(db)
    .whereIn('codeId', ids)
    .select('codeId')
    .sum('discountCents as given')
    .groupBy('codeId')) as unknown as { codeId: string; given: number | string }[];
  return new Map(rows.map((row) => [row.codeId, Number(row.given)]));
}

/** Every code, newest first, with its uses and what they took off. */
export async function listCodes(db: Knex): Promise<DiscountCodeView[]> {
  const codes = await DiscountCode.query(db).orderBy('createdAt', 'desc').orderBy('code');
  const given = await givenByCode(
    db,
    codes.map((c) => c.id),
  );
  return codes.map((code) => viewOf(code, given.get(code.id) ?? 0));
}

const viewOne = async (db: Knex, code: DiscountCode) =>
  viewOf(code, (await givenByCode(db, [code.id])).get(code.id) ?? 0);

/** The owner's new code; a code's name is taken once, whatever its case. */
export async function createCode(
  db: Knex,
  actorId: string,
  form: CodeForm,
): Promise<DiscountCodeView> {
  const fields = {
    code: form.code,
    kind: form.kind,
    percentOff: form.kind === 'percent' ? form.percentOff : null,
    amountOffCents:
      form.kind === 'fixed' && form.amountOff ? enteredDollarsToCents(form.amountOff) : null,
    serviceTypes: [...new Set(form.serviceTypes)],
    firstBookingOnly: form.firstBookingOnly,
    startsOn: form.startsOn || null,
    endsOn: form.endsOn || null,
    maxUses: form.maxUses,
    maxUsesPerClient: form.maxUsesPerClient,
    createdBy: actorId,
  };
  const created = await db.transaction(async (trx) => {
    const row = (await DiscountCode.query(trx)
      .insert(fields)
      .onConflict('code')
      .ignore()
      .returning('*')) as DiscountCode | undefined;
    if (!row?.id) {
      const message = `A code ${form.code} already exists`;
      throw new AppError(409, 'code_taken', message, { fields: { code: message } });
    }
    await audit(trx, {
      actorId,
      action: 'discount_code.created',
      entity: 'discount_code',
      entityId: row.id,
      before: null,
      after: fields,
    });
    return row;
  });
  return viewOne(db, created);
}

/**
 * The owner turns a code off or on, moves its end, or changes its total uses (never below the
 * uses made). Its terms stay: bookings made with it were priced by them.
 */
export async function changeCode(
  db: Knex,
  actorId: string,
  id: string,
  patch: CodePatch,
): Promise<DiscountCodeView> {
  const changed = await db.transaction(async (trx) => {
    const code = await DiscountCode.query(trx).findById(id).forUpdate();
    if (!code) throw new AppError(404, 'not_found', 'Discount code not found');
    const next = {
      ...(patch.active !== undefined && { active: patch.active }),
      ...(patch.endsOn !== undefined && { endsOn: patch.endsOn || null }),
      ...(patch.maxUses !== undefined && { maxUses: patch.maxUses }),
    };
    if (next.maxUses != null && next.maxUses < code.uses) {
      const message = `Total uses cannot be less than the ${code.uses} already made`;
      throw new AppError(422, 'below_uses', message, { fields: { maxUses: message } });
    }
    if (next.endsOn && code.startsOn && next.endsOn < code.startsOn) {
      const message = 'Ends on must not be before starts on';
      throw new AppError(422, 'bad_dates', message, { fields: { endsOn: message } });
    }
    const before = { active: code.active, endsOn: code.endsOn, maxUses: code.maxUses };
    const after = await code.$query(trx).patchAndFetch(next);
    await audit(trx, {
      actorId,
      action: 'discount_code.changed',
      entity: 'discount_code',
      entityId: code.id,
      before,
      after: { active: after.active, endsOn: after.endsOn, maxUses: after.maxUses },
    });
    return after;
  });
  return viewOne(db, changed);
}
