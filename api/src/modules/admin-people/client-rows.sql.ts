import type { AdminClientListQuery, AdminClientSort } from '@twinclean/shared/admin-people';
import type { SubscriptionType } from '@twinclean/shared/roles';
import type { Plan, SubscriptionStatus } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { joinLateral, type Lateral, type PeopleSort, pageOfPeople } from './paging.sql';
import { people } from './search.sql';

// A client's figures, each from an index of their own rows (migration index-admin-people).
const BOOKINGS: Lateral = {
  sql: `LEFT JOIN LATERAL (
    SELECT count(*)::int AS bookings, max(scheduled_date) AS last_booking
    FROM bookings WHERE client_id = u.id) b ON true`,
};
const PAID: Lateral = {
  sql: `LEFT JOIN LATERAL (
    SELECT coalesce(sum(amount_cents - refunded_cents), 0)::bigint AS paid
    FROM payments WHERE user_id = u.id AND status = 'succeeded') p ON true`,
};
const MEMBERSHIP: Lateral = {
  sql: `LEFT JOIN LATERAL (
    SELECT plan, status FROM subscriptions WHERE user_id = u.id
    ORDER BY created_at DESC, id DESC LIMIT 1) s ON true`,
};

const SORTS: Record<AdminClientSort, PeopleSort> = {
  name: { keys: ['u.last_name', 'u.first_name'] },
  email: { keys: ['u.email'] },
  createdAt: { keys: ['u.created_at'] },
  bookings: { keys: ['b.bookings'], laterals: [BOOKINGS] },
  lastBooking: { keys: ['b.last_booking'], nullable: true, laterals: [BOOKINGS] },
  totalPaid: { keys: ['p.paid'], laterals: [PAID] },
};

/** A client account with its figures: bookings, the last one's date, paid less refunds, plan. */
export type ClientRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  subscriptionType: SubscriptionType;
  deactivatedAt: Date | null;
  createdAt: Date;
  bookings: number;
  lastBooking: string | null;
  paid: number;
  plan: Plan | null;
  status: SubscriptionStatus | null;
};

/** The rows of these clients, with their figures. */
function clientRows(db: Knex, ids: string[]): Promise<ClientRecord[]> {
  const query = db('users as u').whereIn('u.id', ids);
  for (const lateral of [BOOKINGS, PAID, MEMBERSHIP]) joinLateral(query, lateral);
  return query.select(
    'u.id',
    'u.firstName',
    'u.lastName',
    'u.email',
    'u.phone',
    'u.subscriptionType',
    'u.deactivatedAt',
    'u.createdAt',
    'b.bookings',
    'b.lastBooking',
    'p.paid',
    's.plan',
    's.status',
  );
}

/** One page of the matching client accounts, in the asked order, and how many match. */
export function clientPage(
  db: Knex,
  query: AdminClientListQuery,
): Promise<{ rows: ClientRecord[]; total: number }> {
  const { page, pageSize, sort, dir, membership, ...filters } = query;
  return pageOfPeople({
    matching: () => {
      const matching = people(db, 'client', filters);
      if (membership) matching.where('u.subscriptionType', membership);
      return matching;
    },
    sort: SORTS[sort],
    dir,
    page,
    pageSize,
    rows: (ids) => clientRows(db, ids),
  });
}
