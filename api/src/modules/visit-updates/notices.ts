import { toE164 } from '@twinclean/shared/phone';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { type Mailer, queueMail } from '../../adapters/mailer';
import { queueText } from '../../adapters/sms';
import { Booking } from '../../models/booking';
import { User } from '../../models/user';
import { ratingTokens } from '../ratings/tokens';
import { reportTokens } from '../visit-report/tokens';
import { updateEmail, updateText, type VisitUpdate, type Wording } from './messages';

// DECISIONS.md "Visit updates": the client hears "on my way", "arrived" and "done" by the
// channels they chose. Every message is queued in the transaction that records the fact, so it
// exists exactly when the fact does: a replayed punch or On My Way (its kept answer) queues
// nothing, and a rolled-back one leaves no message behind.

/** What the messages of a visit need from the app. */
export type NoticeDeps = { siteUrl: string };

/** Who sends the queued messages right after the commit (the outbox sweeps send what they miss). */
export type NoticeDelivery = {
  mailer: Pick<Mailer, 'deliver'>;
  /** The SMS adapter, when the app has one; else the worker's sweep sends the texts. */
  sms?: { deliver(id: string): Promise<boolean> } | undefined;
  logger: Logger;
};

/** The rows queued for one update, to deliver once their transaction has committed. */
export type QueuedNotices = { mails: string[]; texts: string[] };

/** The channels of the booking's client: a guest has only the booking's e-mail. */
async function channelsOf(trx: Knex.Transaction, booking: Booking) {
  const client = booking.clientId ? await User.query(trx).findById(booking.clientId) : undefined;
  if (!client) return { byEmail: true, textTo: null };
  const phone = client.phone ? toE164(client.phone) : null;
  return { byEmail: client.notifyByEmail, textTo: client.notifyByText ? phone : null };
}

async function wordingFor(
  trx: Knex.Transaction,
  deps: NoticeDeps,
  booking: Booking,
): Promise<Wording> {
  const provider = booking.providerId ? await User.query(trx).findById(booking.providerId) : null;
  const report = `${deps.siteUrl}/visit-report/${(await reportTokens(trx))(booking.id)}`;
  return {
    first: provider?.firstName ?? 'Your cleaner',
    clientFirstName: booking.clientFirstName,
    serviceType: booking.serviceType,
    // A guest has no booking page to sign in to: the report link is theirs.
    bookingLink: booking.clientId ? `${deps.siteUrl}/client/bookings/${booking.id}` : report,
    reportLink: report,
    ratingLink: `${deps.siteUrl}/rate/${(await ratingTokens(trx))(booking.id)}`,
  };
}

/**
 * Queues the update for the booking's client within `trx`. The done update is the visit's
 * completion e-mail (its rating, report and tip links), sent whatever the e-mail preference, as
 * it always was; the others follow the client's choice. A number that sent STOP gets an
 * 'opted_out' row and nothing else (queueText).
 */
export async function queueVisitUpdate(
  trx: Knex.Transaction,
  deps: NoticeDeps,
  bookingId: string,
  update: VisitUpdate,
): Promise<QueuedNotices> {
  const booking = await Booking.query(trx).findById(bookingId).throwIfNotFound();
  const channels = await channelsOf(trx, booking);
  const wording = await wordingFor(trx, deps, booking);
  const queued: QueuedNotices = { mails: [], texts: [] };
  if (channels.byEmail || update.kind === 'done') {
    queued.mails.push(await queueMail(trx, updateEmail(booking.clientEmail, update, wording)));
  }
  if (channels.textTo) {
    const id = await queueText(trx, updateText(channels.textTo, update, wording));
    if (id) queued.texts.push(id);
  }
  return queued;
}

/**
 * Tries the committed messages now, without holding up the answer: one that cannot leave stays
 * queued for the outbox sweeps (modules/mail-outbox, the SMS sweep), so nothing is lost or sent
 * twice (each deliver claims its row).
 */
export function deliverVisitUpdates(deps: NoticeDelivery, queued: QueuedNotices | null): void {
  if (!queued) return;
  const log = (channel: string, id: string) => (error: unknown) =>
    deps.logger.warn({ err: error, id }, `visit update ${channel} left for the sweep`);
  for (const id of queued.mails) void deps.mailer.deliver(id).catch(log('e-mail', id));
  for (const id of queued.texts) void deps.sms?.deliver(id).catch(log('text', id));
}
