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
import { boardRows, claimOpenJob } from './job-board.sql';
import { seriesOfJobs } from './series-cards';

/**
 * The provider's job board: the open jobs that fit their week, soonest first (job-board.sql.ts).
 * A series visit carries its series, and the app marks it "Regular client"; never the home's notes.
 */
export async function jobBoard(
  providerId: string,
  now = new Date(),
  db: Knex = Booking.knex(),
): Promise<OpenJob[]> {
  const rows = await boardRows(db, providerId, now);
  const seriesOf = await seriesOfJobs(
    db,
    rows.map((job) => job.id),
  );
  return rows.map((job) => ({
    ...toOpenJob(job, job, job.bonusCents),
    series: seriesOf(job.id),
  }));
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

/**
 * First come, first served (claimOpenJob): exactly one of any concurrent accepts wins; the
 * others' job alerts are queued with it.
 */
export async function acceptJob(
  db: Knex,
  alerts: JobAlerts,
  deposits: DepositRequests,
  providerId: string,
  bookingId: string,
): Promise<OpenJob> {
  await alerts.ready();
  const { taken, askForDeposit } = await db.transaction(async (trx) => {
    if (!(await claimOpenJob(trx, bookingId, providerId))) {
      return { taken: false, askForDeposit: null };
    }
    return {
      taken: true,
      askForDeposit: await assigned(trx, alerts, deposits, bookingId, providerId),
    };
  });
  await askForDeposit?.();
  if (!taken) {
    const job = await Booking.query().findById(bookingId);
    if (!job) throw notFound('Job');
    // Accepted already by this provider: an accept whose answer the network lost, sent again.
    // It is theirs, so it answers as the first did, not "no longer available".
    if (job.providerId !== providerId || job.canceledAt) {
      throw new AppError(409, 'job_unavailable', 'This job may no longer be available.');
    }
  }
  const booking = await Booking.query()
    .findById(bookingId)
    .withGraphFetched(CARD_GRAPH)
    .throwIfNotFound();
  const seriesOf = await seriesOfJobs(db, [bookingId]);
  return {
    ...toOpenJob(
      cardSource(booking),
      await loadPricing(),
      await bonusFor(db, bookingId, providerId),
    ),
    series: seriesOf(bookingId),
  };
}
