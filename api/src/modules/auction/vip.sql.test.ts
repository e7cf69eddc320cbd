import { beforeAll, describe, expect, it } from 'vitest';
import { markedVip, ratedProvider } from '../../test/auction-fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { vipIdsAmong, vipOf } from './vip.sql';

const db = useTestDatabase();

let marked: string; // marked VIP by an admin, never rated
let rated: string; // 4.9 over 10 ratings
let tooFew: string; // 5.0 over 9 ratings
let tooLow: string; // 4.7 over 10 ratings
let plain: string;

beforeAll(async () => {
  marked = (await markedVip(db.knex)).id;
  rated = (await ratedProvider(db.knex, [4, ...Array(9).fill(5)])).id;
  tooFew = (await ratedProvider(db.knex, Array(9).fill(5))).id;
  tooLow = (await ratedProvider(db.knex, [4, 4, 4, ...Array(7).fill(5)])).id;
  plain = (await newUser(db.knex, 'provider')).id;
});

describe('vipIdsAmong', () => {
  it('answers those marked by an admin or rated at least 4.8 over at least 10 jobs', async () => {
    const all = [marked, rated, tooFew, tooLow, plain];
    expect((await vipIdsAmong(db.knex, all)).sort()).toEqual([marked, rated].sort());
  });

  it('answers only among the ids asked about', async () => {
    expect(await vipIdsAmong(db.knex, [rated, plain])).toEqual([rated]);
    expect(await vipIdsAmong(db.knex, [tooLow])).toEqual([]);
    expect(await vipIdsAmong(db.knex, [])).toEqual([]);
  });
});

describe('vipOf', () => {
  it('is the VIP flag of the users row under the alias given', async () => {
    const { rows } = await db.knex.raw(
      `SELECT someone.id, ${vipOf('someone')} AS vip FROM users someone WHERE someone.id = ANY(?::uuid[])`,
      [[marked, tooFew]],
    );
    expect(
      Object.fromEntries(rows.map((r: { id: string; vip: boolean }) => [r.id, r.vip])),
    ).toEqual({
      [marked]: true,
      [tooFew]: false,
    });
  });
});
