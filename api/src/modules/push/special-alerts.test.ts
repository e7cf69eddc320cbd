import { chicagoInstant, formatDate } from '@twinclean/shared/schedule';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { nextWeekday } from '../../test/fixtures';
import { alertsSettled, startAlertWorkers } from '../../test/job-alert-queue';
import { startLocalPushService } from '../../test/push-service';
import { signInAs } from '../../test/sign-in';
import { insertSpecialJob } from '../../test/special-fixtures';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { jobAlerts } from './job-alerts';

// A carpet, laundry or rug job reaches the board through the same alert as a house job
// (queued in the booking's transaction by the booking API): its alert names the service and
// the provider's share, and is replaced when someone accepts it.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  await seedDemoData(db.knex);
  pushService = await startLocalPushService();
  await startAlertWorkers(api.deps);
});
afterAll(() => pushService?.stop());

describe('job alerts for special services', () => {
  it("name the service and the provider's share, and say when the job is taken", async () => {
    // Maria is available Monday 08:00–17:00: a 2 h 10 min carpet job at 09:00 fits.
    const maria = await signInAs(api.url, demoAccounts.provider.email);
    const key = (await (await maria('/api/provider/push/key')).json()) as { publicKey: string };
    const phone = await pushService.subscribe(key.publicKey);
    const saved = await maria('/api/provider/push/subscription', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(phone),
    });
    expect(saved.status).toBe(200);

    const date = nextWeekday(1);
    const alerts = jobAlerts(api.deps.jobs, logger);
    await alerts.ready();
    const job = await db.knex.transaction(async (trx) => {
      const id = await insertSpecialJob(trx, 'carpet', { start: chicagoInstant(date, '09:00') });
      await alerts.opened(id, trx);
      return id;
    });
    await alertsSettled(db.knex);
    expect(await pushService.received(phone)).toEqual([
      {
        title: 'New job: Carpet Cleaning',
        body: `${formatDate(date)} at 9:00 AM in Minneapolis · $195.00`,
        tag: `job-${job}`,
        url: '/provider/job-board',
      },
    ]);

    const amina = await signInAs(api.url, demoAccounts.provider2.email);
    expect((await amina(`/api/provider/job-board/${job}/accept`, { method: 'POST' })).status).toBe(
      200,
    );
    await alertsSettled(db.knex);
    expect((await pushService.received(phone)).at(-1)).toMatchObject({
      title: 'Job taken: Carpet Cleaning',
      tag: `job-${job}`,
    });
  });
});
