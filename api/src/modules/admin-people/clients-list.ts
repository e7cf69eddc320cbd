import type {
  AdminClientListQuery,
  AdminClientPage,
  AdminClientRow,
  AdminClientSort,
} from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import type { SubscriptionType } from '@twinclean/shared/roles';
import type { Plan, SubscriptionStatus } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { joinLateral, type Lateral, type PeopleSort, pageOfPeople } from './paging';
import { people } from './search';

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

type ClientRecord = {
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

function toRow(row: ClientRecord): AdminClientRow {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    subscriptionType: row.subscriptionType,
    membership: row.plan && row.status ? { plan: row.plan, status: row.status } : null,
    bookings: row.bookings,
    totalPaid: centsToDollars(row.paid),
    lastBookingDate: row.lastBooking,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

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

/** GET /api/admin/clients: one page of the matching client accounts and how many match. */
export async function listClients(db: Knex, query: AdminClientListQuery): Promise<AdminClientPage> {
  const { page, pageSize, sort, dir, membership, ...filters } = query;
  const { rows, total } = await pageOfPeople({
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
  return { items: rows.map(toRow), page, pageSize, total };
}
