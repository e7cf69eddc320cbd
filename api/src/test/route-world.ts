import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@twinclean/shared/roles';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { localGateway } from '../adapters/payments/local-gateway';
import type { Storage } from '../adapters/storage/storage';
import { type AccountsWorld, accountsWorld } from './accounts-world';
import { auctionWorld } from './auction-world';
import { cardWorld } from './card-world';
import { checklistsWorld } from './checklists-world';
import { dayMovesWorld } from './day-moves-world';
import { discountCodesWorld } from './discount-codes-world';
import { finalPriceWorld } from './final-price-world';
import { bookingRow, CARPET_ESTIMATE, PNG } from './fixtures';
import { giftCardsWorld } from './gift-cards-world';
import { homesWorld } from './homes-world';
import { leadsWorld } from './leads-world';
import { payoutAccountsWorld } from './payout-accounts-world';
import { pricingWorld } from './pricing-world';
import { providerHomeWorld } from './provider-home-world';
import { ratingsWorld } from './ratings-world';
import { referralsWorld } from './referrals-world';
import { seriesWorld } from './series-world';
import { smsWorld } from './sms-world';
import { statementsWorld } from './statements-world';
import { subscriptionWorld } from './subscription-world';
import { sessionCookie } from './test-server';
import { tipsWorld } from './tips-world';
import { transfersWorld } from './transfers-world';
import { visitReportWorld } from './visit-report-world';
import { visitUpdatesWorld } from './visit-updates-world';

/**
 * The people the access-matrix and fuzz tests call routes as: a guest, two users of each
 * non-admin role (A owns the world's resources, B is a stranger to them) and both admins.
 */
export const CALLERS = [
  'guest',
  'clientA',
  'clientB',
  'providerA',
  'providerB',
  'admin_staff',
  'admin_owner',
] as const;
export type Caller = (typeof CALLERS)[number];
export const roleOf = (caller: Exclude<Caller, 'guest'>): Role =>
  caller.startsWith('client')
    ? 'client'
    : caller.startsWith('provider')
      ? 'provider'
      : (caller as Role);

export type People = Record<
  Exclude<Caller, 'guest'>,
  { id: string; sessionId: string; cookie: string }
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Puts everyone's session back (a route like /api/logout ends the caller's). */
export async function restoreSessions(db: Knex, people: People): Promise<void> {
  for (const person of Object.values(people)) {
    await db('sessions')
      .insert({
        id: person.sessionId,
        userId: person.id,
        data: { userId: person.id, _expire: Date.now() + DAY_MS, _maxAge: DAY_MS },
        expiresAt: new Date(Date.now() + DAY_MS),
      })
      .onConflict('id')
      .ignore();
  }
}

/** Signed-in users with sessions stored as koa-session stores them, no login round trips. */
export async function createPeople(db: Knex): Promise<People> {
  const people = {} as People;
  for (const caller of CALLERS) {
    if (caller === 'guest') continue;
    const [user] = await db('users')
      .insert({
        email: `${caller.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`,
        firstName: caller,
        lastName: 'Matrix',
        role: roleOf(caller),
        emailVerifiedAt: new Date(),
      })
      .returning('id');
    const sessionId = `matrix-${randomUUID()}`;
    people[caller] = { id: user.id, sessionId, cookie: sessionCookie(sessionId) };
  }
  await restoreSessions(db, people);
  return people;
}

/** What a route's owner-scoped call aims at: resources of clientA and providerA. */
export type World = {
  /** A discount code for the owner's routes (discount-codes-world.ts). */
  discountCode: string;
  /** Gift cards: one paid and unreported, two unused, a code to check (gift-cards-world.ts). */
  giftCards: Awaited<ReturnType<typeof giftCardsWorld>>['giftCards'];
  /** A booking of clientA, assigned to providerA, clocked in, with one photo. */
  job: string;
  /** Assigned to providerA, starting within the hour, not clocked in yet. */
  readyJob: string;
  photo: string;
  /** An open job nobody has taken. */
  openJob: string;
  /** A carpet job assigned to providerA whose price is still the estimate. */
  priceJob: string;
  slot: string;
  endpoint: string;
  /** clientA's own booking, unassigned, three days ahead: payable, cancelable, movable. */
  booking: string;
  /** A LocalGateway intent paid for `booking`, not recorded yet. */
  paidIntent: string;
  /** A payment of clientA's, with its receipt. */
  receipt: string;
  /** A payment of clientA's made on the gateway, with something left to refund. */
  refundable: string;
  /** A pay link (no sign-in) and intents for its booking: paid, and waiting for the extra step. */
  payToken: string;
  payLinkPaidIntent: string;
  card: { intent: string; clientSecret: string };
  authentication: { intent: string; clientSecret: string };
  /** clientA's saved card, and their card setups: succeeded (not recorded), and two waiting. */
  paymentMethod: string;
  cardSetup: string;
  setupCard: { intent: string; clientSecret: string };
  setupAuthentication: { intent: string; clientSecret: string };
  /** providerA's pending payout for a finished job. */
  payout: string;
  /** providerA's pending payout flagged for review: 3.5 h clocked, 3 h paid until approved. */
  flaggedPayout: string;
  /** providerA's id, for calls that name a provider. */
  provider: string;
  /** clientA's id, for calls that name a client. */
  client: string;
  /** clientA's active membership inside its minimum term, and its paid, recorded month 1. */
  subscription: string;
  subscriptionIntent: string;
  /** Accounts and an application for the account routes to act on (accounts-world.ts). */
  accounts: AccountsWorld;
  /** The live prices and their version (pricing-world.ts). */
  pricing: Awaited<ReturnType<typeof pricingWorld>>['pricing'];
  /** A contact form message, and a newsletter subscriber's unsubscribe token (leads-world.ts). */
  contactForm: string;
  unsubscribeToken: string;
  /** A finished visit of clientA's to rate, a guest's rating link, a rating to hide (ratings-world.ts). */
  ratableVisit: string;
  ratingToken: string;
  rating: string;
  /**
   * clientA's carpet job waiting for the client to approve $450.00, and a pay link to another
   * (final-price-world.ts).
   */
  proposalBooking: string;
  proposalToken: string;
  /** An open job to post to the auction board, and a live post (auction-world.ts). */
  auction: Awaited<ReturnType<typeof auctionWorld>>['auction'];
  /** A visit of clientA's home assigned to providerA, inside its entry notes' window. */
  homeVisit: string;
  /** clientA's weekly series, providerA its regular provider, and its first visit (series-world.ts). */
  series: { id: string; visit: string; visits: string[] };
  /** clientA's saved home with entry notes, used by no series (homes-world.ts). */
  home: string;
  /** A date ahead with a visit to move, and an unanswered move's id and link (day-moves-world.ts). */
  dayMoves: Awaited<ReturnType<typeof dayMovesWorld>>;
  /** Twilio's signature of an empty post to the inbound texts' webhook (sms-world.ts). */
  smsSignature: string;
  /**
   * clientA's finished visit with a paid, unreported tip; a guest's visit's report link with
   * another (tips-world.ts).
   */
  tips: Awaited<ReturnType<typeof tipsWorld>>['tips'];
  /** providerA's failed weekly transfer, to retry or cancel (transfers-world.ts). */
  transfers: Awaited<ReturnType<typeof transfersWorld>>['transfers'];
  /** providerA's week with a job paid by its transfer, and that week's year (statements-world.ts). */
  statements: Awaited<ReturnType<typeof statementsWorld>>['statements'];
  /** clientA's finished visit with photos; a guest's visit's report link and photo (visit-report-world.ts). */
  visitReport: Awaited<ReturnType<typeof visitReportWorld>>['visitReport'];
  /** providerA's visit with a kitchen and a bedroom, and the current lists (checklists-world.ts). */
  checklists: Awaited<ReturnType<typeof checklistsWorld>>['checklists'];
  /** Text and ids only the owners (and admins) may ever see in an answer. */
  secrets: string[];
};

const HOUR = 3_600_000;

/** A booking whose client details carry `secret`, so an answer that shows them is caught. */
const booking = (start: Date, secret: string, overrides: Record<string, unknown> = {}) =>
  bookingRow(start, {
    clientFirstName: 'Matrix',
    clientEmail: `${secret}@example.com`,
    clientPhone: `612-${secret}`,
    address: `${secret} Hennepin Ave`,
    ...overrides,
  });

/** A fresh set of owned resources, so one route's calls never depend on another's. */
export async function createWorld(db: Knex, storage: Storage, people: People): Promise<World> {
  const secret = `s${randomBytes(6).toString('hex')}`;
  const tomorrow = chicagoInstant(addDays(chicagoDate(new Date()), 1), '09:00');
  const theirs = { clientId: people.clientA.id, providerId: people.providerA.id };
  const [job] = await db('bookings')
    .insert(booking(tomorrow, secret, { ...theirs, assignedAt: new Date(), clockInAt: new Date() }))
    .returning('id');
  const [openJob] = await db('bookings')
    .insert(booking(new Date(tomorrow.getTime() + 24 * HOUR), `o${secret}`))
    .returning('id');
  const [priceJob] = await db('bookings')
    .insert(
      booking(tomorrow, `c${secret}`, { ...theirs, ...CARPET_ESTIMATE, assignedAt: new Date() }),
    )
    .returning('id');
  await db('carpetCleaningDetails').insert({
    bookingId: priceJob.id,
    bedrooms: 3,
    livingRooms: 1,
    stairs: 1,
  });
  const soon = new Date(Math.floor(Date.now() / 60_000 + 30) * 60_000);
  const [readyJob] = await db('bookings')
    .insert(booking(soon, `r${secret}`, { ...theirs, assignedAt: new Date() }))
    .returning('id');
  // A finished job and its payout: what providerA earned is theirs alone.
  const [doneJob] = await db('bookings')
    .insert(
      booking(new Date(Date.now() - 2 * HOUR), `d${secret}`, {
        ...theirs,
        assignedAt: new Date(Date.now() - 3 * HOUR),
        clockInAt: new Date(Date.now() - 2 * HOUR),
        clockOutAt: new Date(),
      }),
    )
    .returning('id');
  const [payout] = await db('payouts')
    .insert({
      providerId: people.providerA.id,
      bookingId: doneJob.id,
      hoursWorked: 2,
      hoursPaid: 2,
      hourlyRateCents: 2500,
      baseAmountCents: 5000,
      waitPayCents: 0,
      totalAmountCents: 5000,
      geofenceVerified: true,
    })
    .returning('id');
  const [longJob] = await db('bookings')
    .insert(
      booking(new Date(Date.now() - 4 * HOUR), `l${secret}`, {
        ...theirs,
        assignedAt: new Date(Date.now() - 5 * HOUR),
        clockInAt: new Date(Date.now() - 4 * HOUR),
        clockOutAt: new Date(Date.now() - HOUR / 2),
      }),
    )
    .returning('id');
  const [flaggedPayout] = await db('payouts')
    .insert({
      providerId: people.providerA.id,
      bookingId: longJob.id,
      hoursWorked: 3.5,
      hoursPaid: 3,
      reviewReason: '3.5 h clocked, 3 h paid (2 h booked + 1 h); the rest waits for an admin.',
      hourlyRateCents: 2500,
      baseAmountCents: 7500,
      waitPayCents: 0,
      totalAmountCents: 7500,
      geofenceVerified: true,
    })
    .returning('id');
  const photoId = randomUUID();
  const storageKey = `${job.id}/${photoId}.png`;
  await storage.put(storageKey, PNG);
  await db('photos').insert({
    id: photoId,
    clientPhotoId: randomUUID(),
    bookingId: job.id,
    uploadedBy: people.providerA.id,
    photoType: 'before',
    storageKey,
    mimeType: 'image/png',
    sizeBytes: PNG.length,
  });
  const [slot] = await db('availabilitySlots')
    .insert({ providerId: people.providerA.id, dayOfWeek: 1, startTime: '09:00', endTime: '12:00' })
    .returning('id');
  const endpoint = `https://push.example.com/${secret}`;
  await db('pushSubscriptions').insert({
    userId: people.providerA.id,
    endpoint,
    p256dh:
      'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  });
  const owned = await paymentsWorld(db, secret, people);
  const cards = await cardWorld(db, people.clientA.id);
  const membership = await subscriptionWorld(db, people.clientA.id);
  const accounts = await accountsWorld(db);
  const leads = await leadsWorld(db, secret);
  const { ratingSecrets, ...ratings } = await ratingsWorld(db, secret, people);
  const { referralSecrets } = await referralsWorld(db, secret, people.clientA.id);
  const { proposalSecrets, ...proposals } = await finalPriceWorld(db, secret, people);
  const { homeVisitSecrets, ...homeVisit } = await providerHomeWorld(db, secret, people);
  const { seriesSecrets, ...series } = await seriesWorld(db, secret, people);
  const { homeSecrets, ...homes } = await homesWorld(db, secret, people);
  const { checklistSecrets, ...checklists } = await checklistsWorld(db, secret, people);
  const { tipSecrets, ...tips } = await tipsWorld(db, secret, people);
  const { transferSecrets, ...transfers } = await transfersWorld(db, secret, people);
  const { statementSecrets, ...statements } = await statementsWorld(db, secret, people);
  const { payoutAccountSecrets } = await payoutAccountsWorld(db, secret, people);
  const { visitUpdateSecrets } = await visitUpdatesWorld(db, people);
  const { visitReportSecrets, ...visitReport } = await visitReportWorld(
    db,
    storage,
    secret,
    people,
  );
  return {
    ...leads,
    ...ratings,
    ...proposals,
    ...homeVisit,
    ...homes,
    ...checklists,
    ...tips,
    ...transfers,
    ...statements,
    ...visitReport,
    ...series,
    ...owned,
    ...cards,
    ...membership,
    accounts,
    dayMoves: await dayMovesWorld(db),
    discountCode: await discountCodesWorld(db),
    ...(await giftCardsWorld(db)),
    ...(await pricingWorld(db)),
    ...(await auctionWorld(db)),
    ...(await smsWorld(db)),
    payout: payout.id,
    flaggedPayout: flaggedPayout.id,
    provider: people.providerA.id,
    client: people.clientA.id,
    job: job.id,
    readyJob: readyJob.id,
    photo: photoId,
    openJob: openJob.id,
    priceJob: priceJob.id,
    slot: slot.id,
    endpoint,
    secrets: [
      secret,
      job.id,
      readyJob.id,
      priceJob.id,
      doneJob.id,
      payout.id,
      flaggedPayout.id,
      photoId,
      slot.id,
      owned.booking,
      owned.receipt,
      owned.refundable,
      cards.paymentMethod,
      cards.cardSetup,
      membership.subscription,
      ...ratingSecrets,
      ...referralSecrets,
      ...proposalSecrets,
      ...homeVisitSecrets,
      ...homeSecrets,
      ...checklistSecrets,
      ...seriesSecrets,
      ...tipSecrets,
      ...transferSecrets,
      ...statementSecrets,
      ...payoutAccountSecrets,
      ...visitUpdateSecrets,
      ...visitReportSecrets,
    ],
  };
}

const TEST_CARD = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' };

/**
 * clientA's booking with a paid intent and a receipt; and a pay link with its own booking (a pay
 * link shows its booking to whoever holds it, so that one carries no secret).
 */
async function paymentsWorld(db: Knex, secret: string, people: People) {
  const gateway = localGateway(db);
  const inThreeDays = chicagoInstant(addDays(chicagoDate(new Date()), 3), '10:00');
  const [own] = await db('bookings')
    .insert(booking(inThreeDays, `b${secret}`, { clientId: people.clientA.id }))
    .returning('id');
  const paid = async (bookingId: string, option: string, amountCents: number) => {
    const intent = await gateway.createIntent({
      amountCents,
      description: 'matrix',
      metadata: { bookingId, option },
      idempotencyKey: randomUUID(),
    });
    await gateway.confirm(intent.id, { ...TEST_CARD, clientSecret: intent.clientSecret });
    return intent;
  };
  const paidIntent = await paid(own.id, 'full', 9000);
  const [done] = await db('bookings')
    .insert(
      booking(inThreeDays, `p${secret}`, { clientId: people.clientA.id, amountPaidCents: 3600 }),
    )
    .returning('id');
  const [receipt] = await db('payments')
    .insert({
      userId: people.clientA.id,
      bookingId: done.id,
      gateway: 'local',
      gatewayPaymentId: `pi_matrix_${secret}`,
      kind: 'deposit',
      amountCents: 3600,
      status: 'succeeded',
      cardLast4: '4242',
    })
    .returning('id');
  const refundable = await recordedPayment(db, paid, booking(inThreeDays, `f${secret}`), people);
  const [linked] = await db('bookings').insert(bookingRow(inThreeDays)).returning('id');
  const payToken = `matrix-${randomBytes(24).toString('base64url')}`;
  await db('paymentLinks').insert({
    bookingId: linked.id,
    tokenHash: createHash('sha256').update(payToken).digest('hex'),
    purpose: 'full',
  });
  const payLinkPaidIntent = await paid(linked.id, 'full', 9000);
  const open = () =>
    gateway.createIntent({
      amountCents: 9000,
      description: 'matrix',
      metadata: { bookingId: linked.id, option: 'full' },
      idempotencyKey: randomUUID(),
    });
  const card = await open();
  const authentication = await open();
  await gateway.confirm(authentication.id, {
    cardNumber: '4000002500003155',
    expiry: '12/40',
    cvc: '123',
    clientSecret: authentication.clientSecret,
  });
  return {
    booking: own.id,
    paidIntent: paidIntent.id,
    receipt: receipt.id,
    refundable,
    payToken,
    payLinkPaidIntent: payLinkPaidIntent.id,
    card: { intent: card.id, clientSecret: card.clientSecret },
    authentication: { intent: authentication.id, clientSecret: authentication.clientSecret },
  };
}

/** clientA's booking paid in full through the gateway and recorded: an admin may refund it. */
async function recordedPayment(
  db: Knex,
  paid: (bookingId: string, option: string, amountCents: number) => Promise<{ id: string }>,
  row: Record<string, unknown>,
  people: People,
): Promise<string> {
  const [paidBooking] = await db('bookings')
    .insert({ ...row, clientId: people.clientA.id, amountPaidCents: 9000 })
    .returning('id');
  const intent = await paid(paidBooking.id, 'full', 9000);
  const [payment] = await db('payments')
    .insert({
      userId: people.clientA.id,
      bookingId: paidBooking.id,
      gateway: 'local',
      gatewayPaymentId: intent.id,
      kind: 'full',
      amountCents: 9000,
      status: 'succeeded',
      cardLast4: '4242',
    })
    .returning('id');
  return payment.id as string;
}

// Tables a refused request may still touch: its session's expiry and the rate-limit counters.
const VOLATILE = new Set(['sessions', 'rate_limits', 'knex_migrations', 'knex_migrations_lock']);

/**
 * What every table the app owns holds, to prove a request changed nothing: per table, its row
 * count and the newest writing transaction among its rows (xmin). A committed insert or update
 * stamps its rows with a transaction id newer than any before it, and a delete lowers the count,
 * so any write shows; unlike a digest of every row, it needs no sorting of the growing tables
 * (the fuzz and access tests take two per request). Kept refusals (a punch the server answered
 * 4xx, stored with its key) can be left out.
 */
export async function snapshot(
  db: Knex,
  options: { keptRefusals?: boolean; except?: readonly string[] } = {},
): Promise<string> {
  const { rows } = await db.raw<{ rows: { tablename: string }[] }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const parts = rows
    .map((r) => r.tablename)
    .filter((t) => !VOLATILE.has(t) && !options.except?.includes(t))
    .map((t) => {
      const where =
        options.keptRefusals && t === 'provider_events' ? ' WHERE t.response_status < 400' : '';
      return `SELECT '${t}' AS name, count(*) || '@' || coalesce(max(t.xmin::text::bigint), 0) AS digest FROM "${t}" t${where}`;
    });
  const digests = await db.raw<{ rows: { name: string; digest: string }[] }>(
    parts.join(' UNION ALL '),
  );
  return digests.rows
    .map((r) => `${r.name}:${r.digest}`)
    .sort()
    .join('\n');
}
