import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DiscountCode } from '../models/discount-code';

/** A code for the owner's routes to change (route-samples-discount-codes.ts). */
export async function discountCodesWorld(db: Knex): Promise<string> {
  const code = await DiscountCode.query(db).insert({
    // A world may be built more than once in a database: each its own code.
    code: `WORLD-${randomUUID().slice(0, 8).toUpperCase()}`,
    kind: 'percent',
    percentOff: 10,
    maxUses: 1000,
  });
  return code.id;
}
