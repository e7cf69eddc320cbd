import type {
  AdminClientListQuery,
  AdminClientPage,
  AdminClientRow,
} from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { type ClientRecord, clientPage } from './client-rows.sql';

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

/** GET /api/admin/clients: one page of the matching client accounts and how many match. */
export async function listClients(db: Knex, query: AdminClientListQuery): Promise<AdminClientPage> {
  const { rows, total } = await clientPage(db, query);
  return { items: rows.map(toRow), page: query.page, pageSize: query.pageSize, total };
}
