import type {
  ServedZipsInput,
  ServedZipsSaved,
  ServedZipsView,
} from '@twinclean/shared/service-area';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { ServedZip } from '../../models/service-area';
import { placeOf } from '../service-area/served';
import { lockServedZips, waitingInServedZips } from './waitlist.sql';

/** GET /api/admin/service-area: every served ZIP with its place, and who waits in them. */
export async function servedZipsView(db: Knex): Promise<ServedZipsView> {
  const rows = await ServedZip.query(db).select('zip').orderBy('zip');
  return {
    zips: rows.map(({ zip }) => ({ zip, place: placeOf(zip) })),
    waitingInServed: await waitingInServedZips(db),
  };
}

/**
 * PUT /api/admin/service-area (owner): the list becomes exactly these ZIPs (each once), in one
 * transaction with its audit entry of what was added and removed. Saving the same list changes
 * and audits nothing.
 */
export async function replaceServedZips(
  db: Knex,
  actorId: string,
  input: { zips: ServedZipsInput['zips'] },
): Promise<ServedZipsSaved> {
  const wanted = [...new Set(input.zips)].sort();
  const { added, removed } = await db.transaction(async (trx) => {
    await lockServedZips(trx);
    const before = (await ServedZip.query(trx).select('zip')).map((row) => row.zip);
    const had = new Set(before);
    const keep = new Set(wanted);
    const added = wanted.filter((zip) => !had.has(zip));
    const removed = before.filter((zip) => !keep.has(zip)).sort();
    if (removed.length) await ServedZip.query(trx).delete().whereIn('zip', removed);
    if (added.length) await ServedZip.query(trx).insert(added.map((zip) => ({ zip })));
    if (added.length || removed.length) {
      await audit(trx, {
        actorId,
        action: 'service_area.update',
        entity: 'service_area',
        entityId: 'served_zips',
        before: { count: before.length },
        after: { count: wanted.length, added, removed },
      });
    }
    return { added, removed };
  });
  return { ...(await servedZipsView(db)), added, removed };
}
