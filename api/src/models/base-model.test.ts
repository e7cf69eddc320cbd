import { ValidationError } from 'objection';
import { describe, expect, it } from 'vitest';
import { CARD_GRAPH, CARD_RELATIONS } from '../core/job-card';
import { takeOverlappingQueries } from '../db/overlapping-queries';
import { bookingRow } from '../test/fixtures';
import { useTestDatabase } from '../test/test-database';
import { BaseModel } from './base-model';
import { Booking } from './booking';

const db = useTestDatabase();

describe('BaseModel inside a transaction', () => {
  it("sends Objection's queries one at a time on a transaction, several at once on the pool", async () => {
    expect(await db.knex.transaction(async (trx) => BaseModel.getConcurrency(trx))).toBe(1);
    expect(Booking.getConcurrency(db.knex)).toBeGreaterThan(1);
  });

  it('loads a graph, fetched or joined, in a transaction without overlapping queries', async () => {
    const [{ id }] = await db.knex('bookings').insert(bookingRow(new Date())).returning('id');
    // Forget the tables' columns, so the joined load asks for them again (once per table,
    // Objection's parallel lookup that overlapped in the auction's posting transaction).
    const tables = [
      Booking,
      ...CARD_RELATIONS.map((r) => Booking.getRelation(r).relatedModelClass),
    ];
    for (const model of tables as unknown as { $$tableMetadata?: Map<string, unknown> }[]) {
      model.$$tableMetadata?.clear();
    }
    const loaded = await db.knex.transaction(async (trx) => ({
      fetched: await Booking.query(trx).findById(id).withGraphFetched(CARD_GRAPH),
      joined: await Booking.query(trx).findById(id).withGraphJoined(CARD_GRAPH),
    }));
    expect(loaded.fetched?.dryCleaningItems).toEqual([]);
    expect(loaded.joined?.dryCleaningItems).toEqual([]);
    expect(takeOverlappingQueries()).toEqual([]);
  });
});

/** The validator Objection keeps for a model class (built on first use), by its class's name. */
const validatorOf = (model: typeof BaseModel) =>
  (model as unknown as { getValidator(): object }).getValidator().constructor.name;

describe('BaseModel validation', () => {
  it('builds no Ajv for a model without a JSON schema, and still validates one that has a schema', () => {
    expect(validatorOf(Booking)).toBe('NoSchemaValidator');
    const json = { clientFirstName: 'Ada' };
    expect(Booking.fromJson(json).clientFirstName).toBe('Ada');

    class Schemed extends BaseModel {
      static override tableName = 'schemed';
      static override jsonSchema = {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' } },
      };
    }
    expect(validatorOf(Schemed)).toBe('AjvValidator');
    expect(() => Schemed.fromJson({})).toThrow(ValidationError);
    expect(Schemed.fromJson({ name: 'x' })).toMatchObject({ name: 'x' });
  });
});
