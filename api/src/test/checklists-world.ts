import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { bookingRow } from './fixtures';

export type ChecklistJobOptions = {
  /** Default Maria (the demo provider). */
  providerId?: string;
  clientId?: string | null;
  serviceType?: 'house' | 'laundry';
  /** The house details' selectedRooms; none (no house details) when absent. */
  rooms?: string[];
  /** Add-on ids booked with it. */
  addOns?: string[];
  /** Other booking columns (canceledAt, clockInAt, a secret in the address, …). */
  booking?: Record<string, unknown>;
};

/** Tomorrow's 09:00 visit assigned to a provider, with the rooms and add-ons asked for. */
export async function insertChecklistJob(
  knex: Knex,
  options: ChecklistJobOptions = {},
): Promise<string> {
  const start = chicagoInstant(addDays(chicagoDate(new Date()), 1), '09:00');
  const [row] = await knex('bookings')
    .insert(
      bookingRow(start, {
        serviceType: options.serviceType ?? 'house',
        clientId: options.clientId ?? null,
        providerId: options.providerId ?? demoAccounts.provider.id,
        assignedAt: new Date(),
        ...options.booking,
      }),
    )
    .returning('id');
  if (options.rooms) {
    await knex('houseCleaningDetails').insert({
      bookingId: row.id,
      homeSize: 'medium',
      numberOfFloors: 1,
      bedroomCount: options.rooms.filter((r) => r.startsWith('bedroom')).length,
      fullBathroomCount: options.rooms.filter((r) => r.startsWith('full_bathroom')).length,
      halfBathroomCount: options.rooms.filter((r) => r.startsWith('half_bathroom')).length,
      hasKitchen: options.rooms.includes('kitchen'),
      hasLivingRoom: options.rooms.includes('living_room'),
      selectedRooms: options.rooms,
    });
  }
  for (const addOnId of options.addOns ?? []) {
    await knex('bookingAddOns').insert({
      bookingId: row.id,
      addOnId,
      quantity: 1,
      unitPriceCents: 3000,
      timeMinutes: 30,
    });
  }
  return row.id;
}

/**
 * The checklists' resources for the access-matrix and fuzz tests: a visit of clientA's home
 * assigned to providerA with a kitchen and a bedroom (its id and address are the owners'), and
 * the current version, which the tick and the save name.
 */
export async function checklistsWorld(
  db: Knex,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  const job = await insertChecklistJob(db, {
    providerId: people.providerA.id,
    clientId: people.clientA.id,
    rooms: ['kitchen', 'bedroom_1'],
    booking: { address: `k${secret} Nicollet Ave`, clientEmail: `k${secret}@example.com` },
  });
  const current = await db('checklistVersions').orderBy('version', 'desc').first();
  return {
    checklists: {
      job,
      version: current.version as number,
      lists: current.lists as { rooms: Record<string, string[]>; addOns: Record<string, string[]> },
    },
    checklistSecrets: [job],
  };
}
