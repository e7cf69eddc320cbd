import type { OpenJob } from '@twinclean/shared/provider-jobs';
import type { Knex } from 'knex';
import { CARD_GRAPH, cardSource, toOpenJob } from '../../core/job-card';
import { loadPricing } from '../../core/pricing';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { bonusFor, recordClaim } from '../auction/service';
import type { AfterCommit, DepositRequests } from '../payments/requests';
import type { JobAlerts } from '../push/job-alerts';
import { claimRegularProvider } from '../series/regular-provider';
import type { ClaimsInFlight } from './claims-in-flight';
import { boardRows, claimOpenJob } from './job-board.sql';
import { seriesOfJobs } from './series-cards';

/**
 * The provider's job board: the open jobs that fit their week, soonest first (job-board.sql.ts).
 * A series visit carries its series, and the app marks it "Regular client"; never the home's notes.
 * Only series visits are looked up: a board of one-time jobs is one statement (the lookup for 200
 * ids was as much of the request's CPU as the board itself).
 */
export async function jobBoard(
  providerId: string,
  now = new Date(),
  db: Knex = Booking.knex(),
): Promise<OpenJob[]> {
  const rows = await boardRows(db, providerId, now);
  const seriesOf = await seriesOfJobs(
    db,
    rows.filter((job) => job.seriesId !== null).map((job) => job.id),
  );
  return rows.map((job) => withSeries(toOpenJob(job, job, job.bonusCents), seriesOf(job.id)));
}

/**
 * The card with its series set on it, not spread into a copy with it: in V8 that copy cost about
 * 4 µs a card (1 ms a board), forty times the cost of making the card.
 */
function withSeries(card: OpenJob, series: OpenJob['series']): OpenJob {
  card.series = series;
  return card;
}

/**
 * What follows a job getting its provider, in the transaction that assigned it (a provider's
 * accept or an admin's assignment alike): the other phones' alerts say it is taken, and the
 * deposit is requested once the price is final (DECISIONS.md "Payments"). Answers the request's
 * e-mail to send after commit.
 */
export async function assigned(
  trx: Knex.Transaction,
  alerts: JobAlerts,
  deposits: DepositRequests,
  bookingId: string,
  providerId: string,
): Promise<AfterCommit | null> {
  await alerts.taken(bookingId, providerId, trx);
  await recordClaim(trx, bookingId, providerId);
  // A series' first taker becomes its regular provider, with its later open visits that fit.
  await claimRegularProvider(trx, bookingId, providerId, alerts);
  return deposits.due(trx, bookingId);
}

/** What an accept works with; providerRoutes makes them once for the app. */
export type AcceptDeps = {
  alerts: JobAlerts;
  deposits: DepositRequests;
  /** The accepts under way in this process, so that those of one job take turns in memory. */
  claims: ClaimsInFlight;
};

const unavailable = () =>
  new AppError(409, 'job_unavailable', 'This job may no longer be available.');

/**
 * First come, first served (claimOpenJob): exactly one of any concurrent accepts wins; the
 * others' job alerts are queued with it. The accepts of one job in this process take turns
 * before reaching the database (claims-in-flight.ts).
 */
export async function acceptJob(
  db: Knex,
  { alerts, deposits, claims }: AcceptDeps,
  providerId: string,
  bookingId: string,
): Promise<OpenJob> {
  await alerts.ready();
  // Taken a moment ago in this process: who holds it now is one read, where a claim is a
  // transaction of four round trips holding a pooled connection. A job released since is
  // claimed as usual: the database judges, the memory only spares the late ones the claim.
  const recent = claims.recentWinner(bookingId);
  if (recent !== undefined && recent !== providerId) {
    const job = await holding(bookingId);
    if (job.canceledAt || (job.providerId !== null && job.providerId !== providerId)) {
      throw unavailable();
    }
  }
  const outcome = await claims.run(bookingId, providerId, () =>
    db.transaction(async (trx) => {
      if (!(await claimOpenJob(trx, bookingId, providerId))) {
        return { taken: false, askForDeposit: null };
      }
      return {
        taken: true,
        askForDeposit: await assigned(trx, alerts, deposits, bookingId, providerId),
      };
    }),
  );
  // Taken a moment ago by another provider's accept in this process.
  if (!outcome) throw unavailable();
  if (!outcome.taken) {
    const job = await holding(bookingId);
    // Accepted already by this provider: an accept whose answer the network lost, sent again.
    // It is theirs, so it answers as the first did, not "no longer available".
    if (job.providerId !== providerId || job.canceledAt) throw unavailable();
  }
  const [card] = await Promise.all([
    acceptedCard(db, bookingId, providerId),
    outcome.askForDeposit?.(),
  ]);
  return card;
}

/** Who holds the job now, and whether it was canceled. */
async function holding(bookingId: string) {
  const job = await Booking.query().findById(bookingId).select('providerId', 'canceledAt');
  if (!job) throw notFound('Job');
  return job;
}

/**
 * The card of a job this provider holds, its parts read at once: one after the other they were a
 * dozen round trips on the winner's answer, each queued behind the other accepts for a connection.
 */
async function acceptedCard(db: Knex, bookingId: string, providerId: string): Promise<OpenJob> {
  const [booking, terms, bonusCents, seriesOf] = await Promise.all([
    Booking.query().findById(bookingId).withGraphFetched(CARD_GRAPH).throwIfNotFound(),
    loadPricing(),
    bonusFor(db, bookingId, providerId),
    seriesOfJobs(db, [bookingId]),
  ]);
  return withSeries(toOpenJob(cardSource(booking), terms, bonusCents), seriesOf(bookingId));
}
