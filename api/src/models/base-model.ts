import type { Knex } from 'knex';
import { Model, type Pojo, Validator, type ValidatorArgs } from 'objection';

const objectionConcurrency = (
  Model as unknown as { getConcurrency(this: unknown, knex: Knex | undefined): number }
).getConcurrency;

/** What Objection's validator does for a model with no JSON schema: passes its json through. */
class NoSchemaValidator extends Validator {
  override validate({ json }: ValidatorArgs): Pojo {
    return json;
  }
}

export class BaseModel extends Model {
  static override useLimitInFirst = true;

  /**
   * Input is checked by zod at the edge, so no model declares a JSON schema. Objection's own
   * validator still built two Ajv instances for each model class on its first insert or patch,
   * then passed the json through for want of a schema: 11 ms of CPU inside the first accept's
   * transaction after a start (a CPU profile of the provider bench's first burst). A model that
   * declares a schema keeps Objection's validator.
   */
  static override createValidator(): Validator {
    // biome-ignore lint/complexity/noThisInStatic: each model class's own schema.
    return this.jsonSchema ? super.createValidator() : new NoSchemaValidator();
  }

  /**
   * How many queries Objection sends at once for one eager load, graph insert or joined load's
   * column lookups. A transaction is one connection, which answers one query at a time: pg queues
   * the rest and warns that pg 9 will not, so inside a transaction they go one after the other.
   * On the pool each gets a connection of its own, so Objection's default stands.
   * (Objection calls this with the query's knex, which is the transaction when there is one; its
   * typings leave it out, hence no `override`.)
   */
  static getConcurrency(knex: Knex | undefined): number {
    if ((knex as Knex.Transaction | undefined)?.isTransaction) return 1;
    // biome-ignore lint/complexity/noThisInStatic: Objection reads the asking model's own `concurrency`.
    return objectionConcurrency.call(this, knex);
  }
}

/** For tables with created_at/updated_at: keeps updated_at honest on every patch. */
export class TimestampedModel extends BaseModel {
  declare createdAt: Date;
  declare updatedAt: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
