import type {
  DayMovePreview,
  DayMovePreviewInput,
  DayMoveSummary,
  DayMove as DayMoveView,
} from '@twinclean/shared/day-moves';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { DayMove, VisitMove } from '../visit-moves/models';
import { checkDate, planDay, plannedRow, visitRow } from './plan';

// The owner's pages of "Move a day": the preview before the confirm, the history, one move.

const HISTORY_LIMIT = 100;

/** POST /api/admin/day-moves/preview: what applying would do now; changes nothing. */
export async function previewDayMove(
  db: Knex,
  input: DayMovePreviewInput,
  now = new Date(),
): Promise<DayMovePreview> {
  checkDate(input.date, now);
  const plan = await planDay(db, input.date, false);
  const waiting = plan.filter((p) => p.waiting).length;
  return {
    date: input.date,
    visits: plan.map(plannedRow),
    moving: plan.length - waiting,
    waiting,
  };
}

function summaryOf(day: DayMove): DayMoveSummary {
  const visits = day.visits ?? [];
  return {
    id: day.id,
    date: day.movedDate,
    reason: day.reason,
    createdAt: day.createdAt.toISOString(),
    createdByName: day.creator ? `${day.creator.firstName} ${day.creator.lastName}` : null,
    visitCount: visits.length,
    pendingCount: visits.filter((v) => v.status === 'pending').length,
  };
}

/** GET /api/admin/day-moves: the newest first. */
export async function dayMoveHistory(db: Knex): Promise<DayMoveSummary[]> {
  const days = await DayMove.query(db)
    .withGraphFetched('[creator, visits]')
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(HISTORY_LIMIT);
  return days.map(summaryOf);
}

/** GET /api/admin/day-moves/{id}: each visit's move and where it is now. */
export async function dayMoveDetail(db: Knex, id: string): Promise<DayMoveView> {
  const day = await DayMove.query(db).findById(id).withGraphFetched('[creator, visits]');
  if (!day) throw notFound('Day move');
  const moves = await VisitMove.query(db)
    .where({ dayMoveId: id })
    .withGraphFetched('booking.provider')
    .orderBy([{ column: 'fromTime' }, { column: 'id' }]);
  return {
    ...summaryOf(day),
    visits: moves.flatMap((m) =>
      m.booking
        ? [
            visitRow(m.booking, {
              fromDate: m.fromDate,
              fromTime: m.fromTime,
              toDate: m.proposedDate,
              toTime: m.proposedTime,
              status: m.status,
              settledAt: m.settledAt,
            }),
          ]
        : [],
    ),
  };
}
