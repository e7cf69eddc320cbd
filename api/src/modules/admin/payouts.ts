import type {
  AdminPayout,
  MarkPaidAnswer,
  PayoutsPage,
  payoutFiltersSchema,
  payoutListQuerySchema,
} from '@twinclean/shared/admin';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { centsToDollars } from '@twinclean/shared/money';
import { payoutPayability } from '@twinclean/shared/payout-rules';
import { hasPriceToConfirm } from '@twinclean/shared/provider-jobs';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { audit } from '../../core/audit';
import { fullNameSql } from '../../core/sql';
import { AppError, notFound } from '../../errors';

type Filters = z.output<typeof payoutFiltersSchema>;

function payoutRows(db: Knex) {
  return db('payouts as p')
    .join('users as u', 'u.id', 'p.providerId')
    .join('bookings as b', 'b.id', 'p.bookingId')
    .leftJoin('providerEvents as ci', 'ci.id', 'p.clockInEventId')
    .leftJoin('providerEvents as co', 'co.id', 'p.clockOutEventId')
    .leftJoin('users as payer', 'payer.id', 'p.paidBy')
    .select(
      'p.*',
      'u.firstName',
      'u.lastName',
      'b.address',
      'b.city',
      'b.serviceType',
      'b.priceIsFinal',
      'b.state',
      'ci.latitude as inLatitude',
      'ci.longitude as inLongitude',
      'co.latitude as outLatitude',
      'co.longitude as outLongitude',
      db.raw(`${fullNameSql('payer')} AS paid_by_name`),
    );
}

type Row = {
  id: string;
  providerId: string;
  bookingId: string;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  hoursWorked: string | number;
  hoursPaid: string | number;
  hourlyRateCents: number;
  sharePercent: number | null;
  waitPayCents: number;
  bonusCents: number;
  totalAmountCents: number;
  status: 'pending' | 'paid';
  geofenceVerified: boolean;
  reviewReason: string | null;
  serviceType: ServiceType;
  priceIsFinal: boolean;
  inLatitude: number | null;
  inLongitude: number | null;
  outLatitude: number | null;
  outLongitude: number | null;
  paidAt: Date | null;
  paidByName: string | null;
  createdAt: Date;
};

/** A carpet or rug price not yet final: the share the payout is of may still change. */
const priceToConfirmOf = (job: { serviceType: ServiceType; priceIsFinal: boolean }) =>
  hasPriceToConfirm(job.serviceType) && !job.priceIsFinal;

function toView(row: Row): AdminPayout {
  return {
    id: row.id,
    provider: { id: row.providerId, firstName: row.firstName, lastName: row.lastName },
    booking: { id: row.bookingId, address: row.address, city: row.city, state: row.state },
    // decimal(6,2) columns: pg hands them over as strings.
    hoursWorked: Number(row.hoursWorked),
    hoursPaid: Number(row.hoursPaid),
    // A share of a fixed price has no hourly rate.
    hourlyRate: row.sharePercent === null ? centsToDollars(row.hourlyRateCents) : null,
    waitPay: centsToDollars(row.waitPayCents),
    bonus: centsToDollars(row.bonusCents),
    totalAmount: centsToDollars(row.totalAmountCents),
    status: row.status,
    geofenceVerified: row.geofenceVerified,
    reviewReason: row.reviewReason,
    payability: payoutPayability({ ...row, priceToConfirm: priceToConfirmOf(row) }),
    clockInLatitude: row.inLatitude,
    clockInLongitude: row.inLongitude,
    clockOutLatitude: row.outLatitude,
    clockOutLongitude: row.outLongitude,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    paidBy: row.paidByName,
    createdAt: row.createdAt.toISOString(),
  };
}

const NEWEST_FIRST = [
  { column: 'p.createdAt', order: 'desc' },
  { column: 'p.id', order: 'desc' },
] as const;

const filtered = (query: Knex.QueryBuilder, filters: Filters) =>
  query
    .modify((q) => (filters.status ? q.where('p.status', filters.status) : q))
    .modify((q) => (filters.providerId ? q.where('p.providerId', filters.providerId) : q));

/**
 * GET /api/admin/payouts: by status and provider when asked, the newest first, a page at a time
 * (a fixed cap would hide the oldest unpaid payouts, the ones most owed).
 */
export async function listPayouts(
  db: Knex,
  query: z.output<typeof payoutListQuerySchema>,
): Promise<PayoutsPage> {
  const page = query.page ?? 1;
  const [rows, counted] = await Promise.all([
    filtered(payoutRows(db), query)
      .orderBy([...NEWEST_FIRST])
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE) as Promise<Row[]>,
    filtered(db('payouts as p'), query).count({ n: '*' }).first(),
  ]);
  return {
    items: rows.map(toView),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(counted?.n ?? 0),
  };
}

/** Every payout the filters choose, the newest first, for the accountant's export. */
export async function allPayouts(db: Knex, filters: Filters): Promise<AdminPayout[]> {
  const rows: Row[] = await filtered(payoutRows(db), filters).orderBy([...NEWEST_FIRST]);
  return rows.map(toView);
}

/**
 * Mark Paid (DECISIONS.md "Admin operations", "Payouts"): pending → paid with who and when, in the
 * audit log, once. The row lock makes two clicks (or two admins) one change; a paid payout answers
 * as it is, so a retried request is harmless. A payout the rules keep from being paid (flagged
 * for review, nothing to pay) is refused with their reason; the lock also orders this against a
 * review of the same payout.
 */
export async function markPaid(db: Knex, actorId: string, id: string): Promise<MarkPaidAnswer> {
  await db.transaction(async (trx) => {
    const payout = await trx('payouts').where({ id }).forUpdate().first();
    if (!payout) throw notFound('Payout');
    if (payout.status === 'paid') return;
    const job = await trx('bookings')
      .where({ id: payout.bookingId })
      .first('serviceType', 'priceIsFinal');
    const payability = payoutPayability({ ...payout, priceToConfirm: priceToConfirmOf(job) });
    if (!payability.payable) throw new AppError(409, payability.code, payability.reason);
    const paidAt = new Date();
    await trx('payouts')
      .where({ id })
      .update({ status: 'paid', paidAt, paidBy: actorId, updatedAt: paidAt });
    await audit(trx, {
      actorId,
      action: 'payout.mark_paid',
      entity: 'payout',
      entityId: id,
      before: { status: 'pending', paidAt: null, paidBy: null },
      after: { status: 'paid', paidAt: paidAt.toISOString(), paidBy: actorId },
    });
  });
  const row: Row | undefined = await payoutRows(db).where('p.id', id).first();
  if (!row) throw notFound('Payout');
  return { message: 'Payout marked as paid', payout: toView(row) };
}
