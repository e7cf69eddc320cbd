import type { Knex } from 'knex';

// Issue 32: a tip is a payment (kind 'tip') but 100 % the cleaner's, never the company's revenue.
// The dashboard's running revenue tally (20261124000100_create-admin-tallies) counted every
// succeeded payment; it now leaves tips out, and is recounted.
const tallyRevenue = (notTip: string) => `
  CREATE OR REPLACE FUNCTION tally_revenue() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      DELETE FROM revenue_tallies;
    ELSIF TG_OP = 'INSERT' THEN
      INSERT INTO revenue_tallies
        SELECT sum(amount_cents - refunded_cents) FROM changed_new
        WHERE status = 'succeeded'${notTip} HAVING sum(amount_cents - refunded_cents) <> 0;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO revenue_tallies
        SELECT -sum(amount_cents - refunded_cents) FROM changed_old
        WHERE status = 'succeeded'${notTip} HAVING sum(amount_cents - refunded_cents) <> 0;
    ELSE
      INSERT INTO revenue_tallies
        SELECT sum(cents) FROM (
          SELECT amount_cents - refunded_cents AS cents FROM changed_new
          WHERE status = 'succeeded'${notTip}
          UNION ALL
          SELECT refunded_cents - amount_cents FROM changed_old
          WHERE status = 'succeeded'${notTip}
        ) AS changes
        HAVING sum(cents) <> 0;
    END IF;
    RETURN NULL;
  END $$;
  LOCK TABLE payments IN SHARE MODE;
  DELETE FROM revenue_tallies;
  INSERT INTO revenue_tallies
    SELECT COALESCE(SUM(amount_cents - refunded_cents), 0) FROM payments
    WHERE status = 'succeeded'${notTip};
`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(tallyRevenue(" AND kind <> 'tip'"));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(tallyRevenue(''));
}
