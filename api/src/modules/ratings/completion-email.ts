import { RATING_DAYS } from '@twinclean/shared/ratings';
import { serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import * as z from 'zod/mini';
import type { Mailer } from '../../adapters/mailer';
import { layoutEmail } from '../../core/email-layout';
import type { JobQueue } from '../../jobs/queue';
import { Booking } from '../../models/booking';
import { ratingTokens } from './tokens';

export type CompletionDeps = {
  db: Knex;
  mailer: Mailer;
  logger: Logger;
  siteUrl: string;
  jobs: JobQueue;
};

export const VISIT_COMPLETE_QUEUE = 'visit-complete-email';
/**
 * A mail server down for a while still gets it: 7 more tries, pg-boss waiting 1–2 minutes, then
 * 2–4 … up to 64–128 (doubling, with jitter), some two to four hours in all.
 */
const RETRY = { limit: 7, delaySeconds: 60 };
const jobSchema = z.object({ bookingId: z.string() });

/** The "how did we do?" e-mail, with the visit's rating link (no sign-in needed). */
async function sendCompletionEmail(deps: CompletionDeps, bookingId: string): Promise<void> {
  const booking = await Booking.query(deps.db).findById(bookingId).withGraphFetched('provider');
  if (!booking) return;
  const token = (await ratingTokens(deps.db))(booking.id);
  const link = `${deps.siteUrl}/rate/${token}`;
  const who = booking.provider?.firstName ?? 'your cleaner';
  await deps.mailer.send(
    layoutEmail(
      booking.clientEmail,
      'Your visit is complete — how did we do?',
      [
        `Hi ${booking.clientFirstName},`,
        '',
        `${who} has finished your ${serviceTitle(booking.serviceType).toLowerCase()}. We hope everything sparkles!`,
        '',
        `How did we do? Rate the visit from 1 to 5 stars, with a comment if you like, within ${RATING_DAYS} days:`,
        link,
        '',
        'TwinClean, Minneapolis–St Paul',
      ],
      'visit_complete',
    ),
  );
}

/**
 * What follows a completed visit once its clock-out has committed. The e-mail is queued without
 * holding up the punch's answer, and sent and retried by a worker: a clock-out replayed from a
 * phone's queue must never be refused, or kept waiting, because mail is down.
 */
export function visitCompletions(deps: CompletionDeps) {
  return {
    completed(bookingId: string): void {
      deps.jobs
        .send(VISIT_COMPLETE_QUEUE, { bookingId }, { retry: RETRY })
        .catch((error: unknown) =>
          deps.logger.error({ err: error, bookingId }, 'could not queue the visit-complete e-mail'),
        );
    },
  };
}
export type VisitCompletions = ReturnType<typeof visitCompletions>;

/** Sends the queued visit-complete e-mails (in every API process; each job runs once). */
export async function startVisitCompleteEmails(deps: CompletionDeps): Promise<void> {
  await deps.jobs.work(VISIT_COMPLETE_QUEUE, (data) =>
    sendCompletionEmail(deps, jobSchema.parse(data).bookingId),
  );
}
