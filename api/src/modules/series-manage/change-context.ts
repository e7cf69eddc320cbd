import type { Knex } from 'knex';
import type { MailMessage } from '../../adapters/mailer';
import type { Booking } from '../../models/booking';
import type { BookingSeries } from '../../models/booking-series';
import { User } from '../../models/user';
import type { JobAlerts } from '../push/job-alerts';
import { seriesProviderEmail } from './emails';
import { dayList } from './visits';

/** Who makes a change: the client, an admin on their behalf, or the regular provider. */
export type Actor = { id: string; kind: 'client' | 'admin' | 'provider' };

/** What a change of the whole series works on, inside its transaction (the series locked). */
export type ChangeContext = {
  trx: Knex.Transaction;
  series: BookingSeries;
  actor: Actor;
  alerts: JobAlerts;
  now: Date;
};

/** What a change did: the consequence said to the client, the mail to queue with it. */
export type ChangeOutcome = {
  consequence: string;
  /** The history line, when it says more than the client is told (a provider's reason). */
  history?: string;
  /** The series event's kind. */
  kind: string;
  mails: MailMessage[];
  /** The series' visits are planned again after the commit (a new rhythm, a resume). */
  regenerate: boolean;
};

/** Each provider whose visits the change took is told which, in one message. */
export async function providerNotices(
  trx: Knex.Transaction,
  visits: Booking[],
  say: (days: string) => string,
): Promise<MailMessage[]> {
  const byProvider = new Map<string, Booking[]>();
  for (const v of visits) {
    if (v.providerId) byProvider.set(v.providerId, [...(byProvider.get(v.providerId) ?? []), v]);
  }
  const mails: MailMessage[] = [];
  for (const [providerId, theirs] of byProvider) {
    const provider = await User.query(trx).findById(providerId);
    if (provider) mails.push(seriesProviderEmail(provider, say(dayList(theirs))));
  }
  return mails;
}

/** Puts visits back on the job board (job alerts go out with the commit). */
export async function toBoard(ctx: ChangeContext, visits: Booking[]): Promise<void> {
  for (const v of visits) {
    await v.$query(ctx.trx).patch({ providerId: null, assignedAt: null, enRouteAt: null });
    await ctx.alerts.opened(v.id, ctx.trx);
  }
}
