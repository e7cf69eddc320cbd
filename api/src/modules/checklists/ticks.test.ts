import { randomUUID } from 'node:crypto';
import { type VisitChecklist, visitChecklistSchema } from '@twinclean/shared/checklists';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { type ChecklistJobOptions, insertChecklistJob } from '../../test/checklists-world';
import { providerClient } from '../../test/punch-fixtures';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
type Post = Awaited<ReturnType<typeof providerClient>>;
let maria: Post;
let version: number;

beforeAll(async () => {
  await seedDemoData(db.knex);
  maria = await providerClient(api.url, demoAccounts.provider.email);
  version = (await db.knex('checklistVersions').max({ v: 'version' }).first())?.v as number;
});

const house = (options: ChecklistJobOptions = {}) =>
  insertChecklistJob(db.knex, { rooms: ['kitchen', 'bedroom_1'], ...options });
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const tick = (fields: Record<string, unknown> = {}) => ({
  version,
  itemKey: 'kitchen:0',
  done: true,
  occurredAt: at(5),
  deviceSeq: 1,
  ...fields,
});
const ticksOf = (bookingId: string) => db.knex('checklistTicks').where({ bookingId });

/** The checklist on the provider's job page. */
async function checklistOf(bookingId: string): Promise<VisitChecklist> {
  const call = await signedInJson<{ checklist: unknown }>(api.url, demoAccounts.provider.email);
  const { status, json } = await call('GET', `/api/provider/jobs/${bookingId}`);
  expect(status).toBe(200);
  return visitChecklistSchema.parse(json.checklist);
}
const item = (list: VisitChecklist, key: string) =>
  list.sections.flatMap((s) => s.items).find((i) => i.key === key);

describe('ticking a task', () => {
  it('applies a tick once however often it is sent, and the job page shows it', async () => {
    const job = await house();
    const key = randomUUID();
    const body = tick({ occurredAt: at(3), offline: true });
    const first = await maria(`/api/provider/jobs/${job}/checklist`, body, key);
    const again = await maria(`/api/provider/jobs/${job}/checklist`, body, key);
    expect(first).toEqual({ status: 200, json: { ok: true, itemKey: 'kitchen:0', done: true } });
    expect(again).toEqual(first);
    const rows = await ticksOf(job);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientEventId: key, checklistVersion: version, done: true });
    expect((await db.knex('bookings').where({ id: job }).first()).checklistVersion).toBe(version);

    const list = await checklistOf(job);
    expect(list).toMatchObject({ version, done: 1, total: list.total });
    expect(item(list, 'kitchen:0')).toMatchObject({ done: true, at: body.occurredAt });
    expect(item(list, 'kitchen:1')).toMatchObject({ done: false, at: null });

    // The same key with another body is a client's bug, not a repeat.
    const reused = await maria(`/api/provider/jobs/${job}/checklist`, tick({ done: false }), key);
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
    expect(await ticksOf(job)).toHaveLength(1);
  });

  it('records ten concurrent copies of one tick as one row, with one answer', async () => {
    const job = await house();
    const key = randomUUID();
    const body = tick();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => maria(`/api/provider/jobs/${job}/checklist`, body, key)),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
    expect(await ticksOf(job)).toHaveLength(1);
  });

  it('keeps the latest tick by the phone’s time and sequence, whatever order they arrive in', async () => {
    const job = await house();
    const send = (fields: Record<string, unknown>) =>
      maria(`/api/provider/jobs/${job}/checklist`, tick(fields), randomUUID());
    // Ticked at 10 minutes ago, unticked at 20: the untick arrives last but is older.
    const tenAgo = at(10);
    expect((await send({ done: true, occurredAt: tenAgo, deviceSeq: 2 })).json.done).toBe(true);
    expect((await send({ done: false, occurredAt: at(20), deviceSeq: 1 })).json.done).toBe(true);
    expect(await ticksOf(job)).toHaveLength(2);
    expect(item(await checklistOf(job), 'kitchen:0')).toMatchObject({ done: true, at: tenAgo });

    // Same instant: the higher sequence is the later tap.
    const same = at(8);
    expect((await send({ done: false, occurredAt: same, deviceSeq: 9 })).json.done).toBe(false);
    expect((await send({ done: true, occurredAt: same, deviceSeq: 8 })).json.done).toBe(false);
    expect(item(await checklistOf(job), 'kitchen:0')?.done).toBe(false);

    // A phone clock ahead of ours cannot make a tick win for ever.
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    expect((await send({ done: true, occurredAt: ahead, deviceSeq: 10 })).json.done).toBe(true);
    const kept = await db.knex('checklistTicks').where({ bookingId: job, deviceSeq: 10 }).first();
    expect(kept.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await send({ done: false, occurredAt: at(0), deviceSeq: 11 })).json.done).toBe(false);
  });

  it('refuses a task that is not on the visit (422) and writes nothing', async () => {
    const job = await house();
    for (const fields of [
      { itemKey: 'bathroom:0' },
      { itemKey: 'kitchen:99' },
      { itemKey: 'kitchen:01' },
      { itemKey: 'kitchen' },
      { version: 999_999 },
    ]) {
      const answer = await maria(`/api/provider/jobs/${job}/checklist`, tick(fields), randomUUID());
      expect(answer, JSON.stringify(fields)).toEqual({
        status: 422,
        json: { code: 'unknown_task', message: "That task is not on this visit's checklist." },
      });
    }
    expect(await ticksOf(job)).toHaveLength(0);
    expect((await db.knex('bookings').where({ id: job }).first()).checklistVersion).toBeNull();
  });

  it('refuses a canceled job (409) and another provider’s job (404), writing nothing', async () => {
    const canceled = await house({
      booking: { canceledAt: new Date(), cancellationReason: 'Plans changed' },
    });
    const refused = await maria(`/api/provider/jobs/${canceled}/checklist`, tick(), randomUUID());
    expect(refused).toEqual({
      status: 409,
      json: { code: 'job_canceled', message: 'This job was canceled.' },
    });
    const theirs = await house({ providerId: demoAccounts.provider2.id });
    const hidden = await maria(`/api/provider/jobs/${theirs}/checklist`, tick(), randomUUID());
    expect(hidden.status).toBe(404);
    expect(hidden.json.code).toBe('not_found');
    expect(await db.knex('checklistTicks').whereIn('bookingId', [canceled, theirs])).toEqual([]);
  });

  it('follows the version of the first tick: a newer one counts only where the task is the same', async () => {
    const job = await house();
    expect((await maria(`/api/provider/jobs/${job}/checklist`, tick(), randomUUID())).status).toBe(
      200,
    );
    const old = await db.knex('checklistVersions').where({ version }).first();
    const newer = version + 1;
    const kitchen = [old.lists.rooms.kitchen[0], 'A brand new second task'];
    await db.knex('checklistVersions').insert({
      version: newer,
      lists: JSON.stringify({ ...old.lists, rooms: { ...old.lists.rooms, kitchen } }),
    });
    try {
      const sameTask = tick({
        version: newer,
        itemKey: 'kitchen:0',
        done: false,
        occurredAt: at(1),
      });
      expect(
        (await maria(`/api/provider/jobs/${job}/checklist`, sameTask, randomUUID())).status,
      ).toBe(200);
      const otherTask = tick({ version: newer, itemKey: 'kitchen:1' });
      const refused = await maria(`/api/provider/jobs/${job}/checklist`, otherTask, randomUUID());
      expect(refused.json.code).toBe('unknown_task');
      // The page keeps showing the version the visit follows.
      const list = await checklistOf(job);
      expect(list.version).toBe(version);
      expect(item(list, 'kitchen:1')?.task).toBe(old.lists.rooms.kitchen[1]);
      expect(item(list, 'kitchen:0')?.done).toBe(false);
    } finally {
      await db.knex('checklistTicks').where({ checklistVersion: newer }).delete();
      await db.knex('checklistVersions').where({ version: newer }).delete();
    }
  });
});
