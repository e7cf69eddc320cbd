import type { AdminSeriesRow } from '@twinclean/shared/admin-series';
import { chicagoDate } from '@twinclean/shared/schedule';
import { FREQUENCY_LABELS, frequencyOfWeeks, pauseInEffect } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import type { BookingSeries } from '../../models/booking-series';
import { User } from '../../models/user';

// How the admin pages show a series: names, not ids alone, and never the home's entry notes.

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The people these ids name, "First Last" by id. */
export async function namesOf(db: Knex, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const users = await User.query(db).whereIn('id', wanted).select('id', 'firstName', 'lastName');
  return new Map(users.map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
}

/** The list's rows for these series, in their order. */
export async function seriesRows(
  db: Knex,
  all: BookingSeries[],
  now: Date,
): Promise<AdminSeriesRow[]> {
  const names = await namesOf(
    db,
    all.flatMap((s) => [s.clientId, s.regularProviderId]),
  );
  const nexts = (await Booking.query(db)
    .whereIn(
      'seriesId',
      all.map((s) => s.id),
    )
    .whereNull('canceledAt')
    .where('scheduledDate', '>=', chicagoDate(now))
    .groupBy('seriesId')
    .select('seriesId')
    .min('scheduledDate as next')) as unknown as { seriesId: string; next: string }[];
  const next = new Map(nexts.map((n) => [n.seriesId, n.next]));
  return all.map((s) => {
    const frequency = frequencyOfWeeks(s.intervalWeeks);
    const provider = s.regularProviderId;
    return {
      id: s.id,
      serviceType: s.serviceType,
      frequency,
      label: FREQUENCY_LABELS[frequency],
      weekday: weekdayOf(s.anchorDate),
      scheduledTime: s.scheduledTime,
      client: { id: s.clientId, name: names.get(s.clientId) ?? '' },
      regularProvider: provider ? { id: provider, name: names.get(provider) ?? '' } : null,
      pausedUntil: pauseInEffect(s.pausedUntil, chicagoDate(now)),
      canceledAt: s.canceledAt?.toISOString() ?? null,
      nextVisitDate: next.get(s.id) ?? null,
    };
  });
}
