import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { BookingSeries } from '../../models/booking-series';
import { User } from '../../models/user';
import { refused } from '../booking-lifecycle/guards';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { regularProviderFits } from '../series/regular-provider';
import { type ChangeContext, providerNotices, toBoard } from '../series-manage/change-context';
import { seriesProviderEmail } from '../series-manage/emails';
import { deliverAll, recordChange } from '../series-manage/manage';
import { dayList, futureVisits, leftAloneText } from '../series-manage/visits';

/**
 * POST /api/admin/series/:id/regular-provider: an admin names the series' regular provider (or
 * clears it). The future visits that were the former regular provider's or on the board become
 * the new one's where their week covers them and they have no other job then; the rest go to
 * the board. A visit another provider took from the board stays theirs. Audited.
 */
export async function setRegularProvider(
  deps: LifecycleDeps,
  adminId: string,
  seriesId: string,
  providerId: string | null,
  now = new Date(),
): Promise<void> {
  await deps.alerts.ready();
  const mailIds = await deps.db.transaction(async (trx) => {
    const series = await BookingSeries.query(trx).findById(seriesId).forUpdate();
    if (!series) throw notFound('Series');
    if (series.canceledAt) throw refused('This recurring cleaning is canceled.');
    const provider = providerId
      ? await User.query(trx).findOne({ id: providerId, role: 'provider' })
      : null;
    if (providerId && (!provider || provider.deactivatedAt)) {
      throw new AppError(400, 'unknown_provider', 'Choose an active provider.');
    }
    const former = series.regularProviderId;
    if (former === providerId) throw refused('That is already the regular provider.');
    const ctx: ChangeContext = {
      trx,
      series,
      actor: { id: adminId, kind: 'admin' },
      alerts: deps.alerts,
      now,
    };
    const { changeable, leftAlone } = await futureVisits(trx, seriesId, now);
    const movable = changeable.filter((v) => v.providerId === null || v.providerId === former);
    // The former regular provider is told before the visits leave them (a patch clears it).
    const formerNotices = await providerNotices(
      trx,
      movable.filter((v) => former !== null && v.providerId === former),
      (days) =>
        `An admin gave this client's recurring cleaning to another cleaner; their visits on ${days} are no longer yours.`,
    );
    const given = [];
    const board = [];
    for (const v of movable) {
      if (providerId && (await regularProviderFits(trx, providerId, v))) given.push(v);
      else if (v.providerId !== null) board.push(v);
    }
    await toBoard(ctx, board);
    for (const v of given) {
      await v.$query(trx).patch({ providerId, assignedAt: now });
      await deps.alerts.taken(v.id, providerId as string, trx);
    }
    await series.$query(trx).patch({ regularProviderId: providerId });
    await audit(trx, {
      actorId: adminId,
      action: 'series.regular_provider',
      entity: 'booking_series',
      entityId: seriesId,
      before: { regularProviderId: former },
      after: { regularProviderId: providerId },
    });
    const mails = [
      ...formerNotices,
      ...(provider && given.length > 0
        ? [
            seriesProviderEmail(
              provider,
              `You are now the regular cleaner of a recurring client: their visits on ${dayList(given)} are on your schedule.`,
            ),
          ]
        : []),
    ];
    const lead = provider
      ? `Your regular cleaner is now ${provider.firstName}.`
      : 'Your recurring cleaning has no regular cleaner for now.';
    const consequence = [
      lead,
      given.length > 0 ? `Your visits on ${dayList(given)} are theirs.` : '',
      board.length > 0
        ? `Your visits on ${dayList(board)} go to other cleaners on the job board.`
        : '',
      ...leftAloneText(leftAlone, now),
    ]
      .filter(Boolean)
      .join(' ');
    return recordChange(
      trx,
      seriesId,
      ctx.actor,
      { kind: 'regular_provider', consequence, mails, regenerate: false },
      null,
    );
  });
  await deliverAll(deps, mailIds);
}
