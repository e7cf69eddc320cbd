import { addDays } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { dataCipher } from '../security/data-cipher';
import { newUser } from './people';
import { jobPayout, localPayoutAccount, transferWith } from './transfers-world';

// Statements and the year-end figures as tests need them (issue 33): jobs made fixed-price or
// paid by hand, tax details on file, and for the access-matrix and fuzz tests providerA's week
// with a job paid by that week's transfer, so a statement, its PDF and a year's summary all have
// something of providerA's to show (and to hide from everyone else).

let worlds = 0;

/** Mondays from 14 Jan 2030 on, one a world: clear of the weeks transfers-world.ts takes. */
const FIRST_WEEK = '2030-01-07';

export async function statementsWorld(
  db: Knex,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  worlds += 1;
  const providerId = people.providerA.id;
  const accountId = await localPayoutAccount(db, people.providerA);
  const weekStart = addDays(FIRST_WEEK, 7 * worlds);
  const job = await jobPayout(db, providerId, {
    at: new Date(`${addDays(weekStart, 1)}T18:00:00Z`),
    clientId: people.clientA.id,
    tipCents: 500,
    address: `w${secret} Grand Ave`,
  });
  const transfer = await transferWith(db, {
    providerId,
    weekStart,
    accountId,
    status: 'paid',
    lines: [{ payoutId: job.payoutId, payCents: job.payCents, tipCents: 500 }],
    sentAt: new Date(`${addDays(weekStart, 7)}T14:00:00Z`),
    gatewayTransferId: `ltr_statements_${secret}_${worlds}`,
  });
  return {
    statements: { weekStart, year: weekStart.slice(0, 4) },
    statementSecrets: [transfer, job.bookingId, job.payoutId, `w${secret}`],
  };
}
/** Turns payoutId into a fixed-price job's: `percent` of `ofCents`, with wait pay and a bonus. */
export async function asShareJob(
  db: Knex,
  payoutId: string,
  job: { percent: number; ofCents: number; waitPayCents?: number; bonusCents?: number },
): Promise<number> {
  const base = Math.round((job.ofCents * job.percent) / 100);
  const total = base + (job.waitPayCents ?? 0) + (job.bonusCents ?? 0);
  await db('payouts')
    .where({ id: payoutId })
    .update({
      hourlyRateCents: 0,
      sharePercent: job.percent,
      shareOfCents: job.ofCents,
      baseAmountCents: base,
      waitPayCents: job.waitPayCents ?? 0,
      bonusCents: job.bonusCents ?? 0,
      totalAmountCents: total,
    });
  return total;
}

/** Mark Paid as an admin does it: payoutId paid by hand at `at`, with its tip paid out. */
export async function paidByHand(
  db: Knex,
  payoutId: string,
  by: { adminId: string; at: Date; tipPaidCents?: number },
) {
  await db('payouts')
    .where({ id: payoutId })
    .update({
      status: 'paid',
      paidAt: by.at,
      paidBy: by.adminId,
      ...(by.tipPaidCents === undefined ? {} : { tipPaidCents: by.tipPaidCents }),
    });
}

/** providerId's tax details in our form, the TIN sealed as the form seals it. */
export async function taxDetailsOnFile(db: Knex, providerId: string, tin: string) {
  await db('providerTaxDetails').insert({
    providerId,
    legalName: 'Pia Q Tester',
    addressLine1: '1 Main St',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55401',
    tinKind: 'ssn',
    tinSealed: (await dataCipher(db)).seal(tin),
    tinLast4: tin.slice(-4),
  });
}

/**
 * Pia's weeks around Thanksgiving 2026, for the statement tests. Week W (16 Nov): an hourly job
 * with a $10.00 tip and a fixed-price job ($120.00 share, $5.00 wait, $10.00 bonus), both paid by
 * W's transfer, which also catches up E's job clocked out at 23:30 on Sunday 15 Nov in Chicago;
 * a job flagged for review (3.5 h); a job paid by hand clocked out at 23:00 on Sunday 22 Nov in
 * Chicago (still W). Week X (23 Nov): a job in a transfer still sending. Quinn worked in W too.
 */
export async function thanksgivingWeeks(db: Knex) {
  const admin = await newUser(db, 'client', { role: 'admin_owner' });
  const piaUser = await newUser(db, 'provider', { firstName: 'Pia', lastName: 'Lund' });
  const quinnUser = await newUser(db, 'provider', { firstName: 'Quinn', lastName: 'Ames' });
  const pia = piaUser.id;
  const accountId = await localPayoutAccount(db, piaUser);
  const at = (iso: string) => new Date(iso);
  const e1 = await jobPayout(db, pia, { at: at('2026-11-16T05:30:00Z'), address: '1 Early St' });
  const w1 = await jobPayout(db, pia, {
    at: at('2026-11-16T18:00:00Z'),
    tipCents: 1000,
    address: '2 Hourly St',
  });
  const w2 = await jobPayout(db, pia, { at: at('2026-11-17T18:00:00Z'), hours: 2 });
  const w2Pay = await asShareJob(db, w2.payoutId, {
    percent: 60,
    ofCents: 20_000,
    waitPayCents: 500,
    bonusCents: 1000,
  });
  const w3 = await jobPayout(db, pia, { at: at('2026-11-18T18:00:00Z') });
  await db('payouts')
    .where({ id: w3.payoutId })
    .update({ hoursWorked: 3.5, reviewReason: '3.5 h clocked, 3 h paid until approved.' });
  const w4 = await jobPayout(db, pia, { at: at('2026-11-23T05:00:00Z') });
  await paidByHand(db, w4.payoutId, { adminId: admin.id, at: at('2026-11-24T16:00:00Z') });
  const x1 = await jobPayout(db, pia, { at: at('2026-11-25T18:00:00Z') });
  const quinnJob = await jobPayout(db, quinnUser.id, { at: at('2026-11-17T18:00:00Z') });
  const weekW = await transferWith(db, {
    providerId: pia,
    weekStart: '2026-11-16',
    accountId,
    status: 'paid',
    lines: [{ ...w1, tipCents: 1000 }, { ...w2, payCents: w2Pay }, e1],
    sentAt: at('2026-11-23T14:05:00Z'),
    gatewayTransferId: 'ltr_week_w',
  });
  const weekX = await transferWith(db, {
    providerId: pia,
    weekStart: '2026-11-23',
    accountId,
    status: 'pending',
    lines: [x1],
  });
  return {
    admin,
    pia: piaUser,
    quinn: quinnUser,
    jobs: { e1, w1, w2, w3, w4, x1, quinnJob },
    transfers: { weekW, weekX },
  };
}
