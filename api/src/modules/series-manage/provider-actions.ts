import type { SeriesRelease } from '@twinclean/shared/series';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { BookingSeries } from '../../models/booking-series';
import { User } from '../../models/user';
import { refused } from '../booking-lifecycle/guards';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { toBoard } from './change-context';
import { deliverAll, recordChange } from './manage';
import { newCleaner } from './rhythm';
import { shortDay } from './visits';

// The regular provider's two ways out (DECISIONS.md "Recurring visits"): one visit back to the
// board, or the whole series. The client's price does not change either way.

/** The provider's own job, locked, that is a visit of a series (else 404, or 409 if no series). */
async function ownVisit(trx: Parameters<typeof toBoard>[0]['trx'], providerId: string, id: string) {
  const visit = await Booking.query(trx).findOne({ id, providerId }).forUpdate();
  if (!visit) throw notFound('Job');
  if (!visit.seriesId) throw refused('This job is not part of a recurring cleaning.');
  const series = await BookingSeries.query(trx).findById(visit.seriesId).forUpdate();
  if (!series) throw notFound('Job');
  return { visit, series };
}

/** POST /api/provider/jobs/:id/release: this one visit goes back to the board, with the reason. */
export async function releaseVisit(
  deps: LifecycleDeps,
  providerId: string,
  bookingId: string,
  input: SeriesRelease,
  now = new Date(),
): Promise<{ released: true }> {
  await deps.alerts.ready();
  const mailIds = await deps.db.transaction(async (trx) => {
    const { visit, series } = await ownVisit(trx, providerId, bookingId);
    // A visit taken from the board is a promise like any job; the regular cleaner's own visits,
    // given to them without asking, are theirs to hand back.
    if (series.regularProviderId !== providerId) {
      throw refused('You are not the regular cleaner of this recurring cleaning.');
    }
    if (visit.canceledAt || visit.clockOutAt || visit.clockInAt || visit.enRouteAt) {
      throw refused('This visit has started or ended, so it can no longer be released.');
    }
    const ctx = { trx, series, actor: { id: providerId, kind: 'provider' as const }, now };
    await toBoard({ ...ctx, alerts: deps.alerts }, [visit]);
    const provider = await User.query(trx).findById(providerId);
    const consequence = `Your regular cleaner cannot come on ${shortDay(
      visit.scheduledDate,
    )}, so that visit went to other cleaners on the job board. The price stays the same and your other visits are unchanged.`;
    return recordChange(
      trx,
      series.id,
      ctx.actor,
      {
        kind: 'released',
        consequence,
        history: `${provider?.firstName ?? 'The provider'} released the visit on ${shortDay(
          visit.scheduledDate,
        )} to the job board. Reason: ${input.reason}`,
        mails: [],
        regenerate: false,
      },
      visit.id,
    );
  });
  await deliverAll(deps, mailIds);
  return { released: true };
}

/** POST /api/provider/jobs/:id/give-up-series: the regular provider leaves the whole series. */
export async function giveUpSeries(
  deps: LifecycleDeps,
  providerId: string,
  bookingId: string,
  input: SeriesRelease,
  now = new Date(),
): Promise<{ gaveUp: true }> {
  await deps.alerts.ready();
  const mailIds = await deps.db.transaction(async (trx) => {
    const { series } = await ownVisit(trx, providerId, bookingId);
    if (series.regularProviderId !== providerId) {
      throw refused('You are not the regular cleaner of this recurring cleaning.');
    }
    const actor = { id: providerId, kind: 'provider' as const };
    const outcome = await newCleaner(
      { trx, series, actor, alerts: deps.alerts, now },
      { lead: 'Your regular cleaner can no longer take your recurring cleaning.', notice: null },
    );
    const provider = await User.query(trx).findById(providerId);
    return recordChange(
      trx,
      series.id,
      actor,
      {
        ...outcome,
        kind: 'provider_gave_up',
        history: `${provider?.firstName ?? 'The provider'} gave up the series. Reason: ${input.reason}. ${outcome.consequence}`,
      },
      null,
    );
  });
  await deliverAll(deps, mailIds);
  return { gaveUp: true };
}
