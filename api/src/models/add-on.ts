import type { Knex } from 'knex';
import { queryPrepared } from '../db/prepared';
import { TimestampedModel } from './base-model';

export class AddOn extends TimestampedModel {
  static override tableName = 'add_ons';

  declare id: string;
  declare name: string;
  declare description: string;
  declare category: 'kitchen' | 'bathroom' | 'whole_home';
  declare priceCents: number;
  declare priceUnit: 'each' | 'window';
  declare timeMinutes: number;
  declare sortOrder: number;
  declare isActive: boolean;
}

type OfferedRow = {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  time_minutes: number;
};

// The listing below, compiled on its first run: its text never changes, and building it again on
// every request (knex's query compiler, each name through the snake_case mapping) was a fifth of
// this public read's CPU outside the round trip.
let offeredSql: Knex.SqlNative | undefined;

/**
 * What the wizard offers: the active add-ons in their order, as a plain query (objection's query
 * building was a sixth of this public read's CPU) and a named prepared statement run straight on
 * a pooled connection (knex's query runner was another sixth). The column itself is the
 * condition, not `= $1`, so nothing is bound.
 */
export async function offeredAddOns(): Promise<
  Pick<AddOn, 'id' | 'name' | 'description' | 'priceCents' | 'timeMinutes'>[]
> {
  offeredSql ??= AddOn.knexQuery()
    .select('id', 'name', 'description', 'priceCents', 'timeMinutes')
    .whereRaw('??', ['isActive'])
    .orderBy([{ column: 'sortOrder' }, { column: 'name' }])
    .toSQL()
    .toNative();
  const rows = await queryPrepared<OfferedRow>(AddOn.knex(), 'add-ons-offered', offeredSql);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    timeMinutes: row.time_minutes,
  }));
}
