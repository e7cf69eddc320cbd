import { randomUUID } from 'node:crypto';
import type { ChecklistTickInput } from '@twinclean/shared/checklists';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import { keyReusedError, requestFingerprint } from '../../http/idempotency';
import { Booking } from '../../models/booking';
import { ChecklistTick, ChecklistVersion } from '../../models/checklist';
import { laterTick, latestTicks, sectionsOf, taskAt } from './visit-checklist';

export type TickAnswer = { status: number; body: Record<string, unknown> };

export const UNKNOWN_TASK_MESSAGE = "That task is not on this visit's checklist.";
const unknownTask = () => new AppError(422, 'unknown_task', UNKNOWN_TASK_MESSAGE);

/**
 * The task the phone ticked, checked against the version it showed. A visit follows the version
 * of its first tick; a phone that showed another (it loaded the job before an owner's edit) may
 * still tick a task that is the same task, at the same place, in the visit's version.
 */
async function checkTask(trx: Knex.Transaction, booking: Booking, input: ChecklistTickInput) {
  const shown = await ChecklistVersion.query(trx).findById(input.version);
  if (!shown) throw unknownTask();
  const task = taskAt(await sectionsOf(trx, booking.id, shown.lists), input.itemKey);
  if (task === undefined) throw unknownTask();
  if (booking.checklistVersion === null || booking.checklistVersion === input.version) return;
  const kept = await ChecklistVersion.query(trx).findById(booking.checklistVersion);
  const keptTask = kept && taskAt(await sectionsOf(trx, booking.id, kept.lists), input.itemKey);
  if (keptTask !== task) throw unknownTask();
}

/**
 * Applies a task's tick (done or not) exactly once, like a punch: the tick's uuid (Idempotency-
 * Key) is a UNIQUE column written with the request's fingerprint and the answer, in the same
 * transaction, under the job's lock; a repeat gets that first answer and changes nothing, the
 * same key with another body is refused. Ticks may arrive in any order (a phone offline all
 * morning): each is kept, and the latest by the phone's clock is the task's state. Refusals
 * (a canceled job, a task not on the visit) are not kept: they change nothing, and the same
 * request meets the same refusal again.
 */
export async function tickTask(
  db: Knex,
  providerId: string,
  bookingId: string,
  input: ChecklistTickInput,
  idempotencyKey: string | undefined,
): Promise<TickAnswer> {
  const key = idempotencyKey ?? randomUUID();
  const requestHash = requestFingerprint({ kind: 'checklist_tick', bookingId, input });
  return db.transaction(async (trx) => {
    // The job first: a concurrent copy of this key waits here, then finds the first answer.
    const booking = await Booking.query(trx).findOne({ id: bookingId, providerId }).forUpdate();
    const earlier = await ChecklistTick.query(trx).findOne({ clientEventId: key, providerId });
    // Before ownership: a tick applied before the job was reassigned still gets its answer.
    if (earlier) {
      if (earlier.bookingId !== bookingId || earlier.requestHash !== requestHash) {
        throw keyReusedError();
      }
      return { status: earlier.responseStatus, body: earlier.responseBody };
    }
    if (!booking) throw notFound('Job');
    if (booking.canceledAt) throw new AppError(409, 'job_canceled', 'This job was canceled.');
    await checkTask(trx, booking, input);

    const receivedAt = new Date();
    // A phone's clock ahead of ours would make its tick the latest for ever: never past now.
    const claimed = new Date(input.occurredAt);
    const occurredAt = claimed > receivedAt ? receivedAt : claimed;
    const latest = (await latestTicks(trx, bookingId)).get(input.itemKey);
    // The new row's id is larger than any kept one's, so on a tie this tick is the later.
    const wins =
      !latest ||
      laterTick(
        { occurredAt, deviceSeq: input.deviceSeq ?? null, id: Number.MAX_SAFE_INTEGER },
        latest,
      );
    const body = { ok: true, itemKey: input.itemKey, done: wins ? input.done : latest.done };
    const inserted = await ChecklistTick.query(trx)
      .insert({
        clientEventId: key,
        bookingId,
        providerId,
        checklistVersion: input.version,
        itemKey: input.itemKey,
        done: input.done,
        deviceSeq: input.deviceSeq ?? null,
        occurredAt,
        receivedAt,
        requestHash,
        responseStatus: 200,
        responseBody: body,
      })
      // The job lock serialises repeats on one job; a key taken meanwhile on another job or by
      // another provider is a conflict here, and that is a reused key.
      .onConflict('clientEventId')
      .ignore()
      .returning('id');
    if (inserted.id === undefined) throw keyReusedError();
    if (booking.checklistVersion === null) {
      await Booking.query(trx).findById(bookingId).patch({ checklistVersion: input.version });
    }
    return { status: 200, body };
  });
}
