import { describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { eventsOf, mailTo, seriesOfNewClient, visitRow } from '../../test/series-kit';
import { signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { shortDay } from './visits';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

describe('the regular provider’s way out', () => {
  it('release: one visit goes back to the board with the reason; the series and price stay', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const [first, second] = s.visits as [string, string];
    const price = (await visitRow(db.knex, first)).totalAmountCents;
    const answer = await s.asProvider('POST', `/api/provider/jobs/${first}/release`, {
      reason: 'Doctor appointment',
    });
    expect(answer.status).toBe(200);
    expect(await visitRow(db.knex, first)).toMatchObject({
      providerId: null,
      totalAmountCents: price,
    });
    expect((await visitRow(db.knex, second)).providerId).toBe(s.provider.id);
    expect((await db.knex('bookingSeries').where({ id: s.series }).first()).regularProviderId).toBe(
      s.provider.id,
    );
    const [event] = await eventsOf(db.knex, s.series);
    expect(event).toMatchObject({ kind: 'released', bookingId: first, actorId: s.provider.id });
    expect(event.summary).toContain('Reason: Doctor appointment');
    const [mail] = await mailTo(db.knex, s.client.email, 'series_changed');
    expect(mail?.textBody).toContain(`Your regular cleaner cannot come on ${shortDay(s.anchor)}`);
    // The provider's reason is theirs and the admin's, not the client's.
    expect(mail?.textBody).not.toContain('Doctor appointment');
  });

  it('give up: the regular provider is cleared, their future visits go to the board, the client is told', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const answer = await s.asProvider('POST', `/api/provider/jobs/${s.visits[1]}/give-up-series`, {
      reason: 'Moving away',
    });
    expect(answer.status).toBe(200);
    expect(
      (await db.knex('bookingSeries').where({ id: s.series }).first()).regularProviderId,
    ).toBeNull();
    for (const id of s.visits) expect((await visitRow(db.knex, id)).providerId).toBeNull();
    const [event] = await eventsOf(db.knex, s.series);
    expect(event).toMatchObject({ kind: 'provider_gave_up' });
    expect(event.summary).toContain('Reason: Moving away');
    const [mail] = await mailTo(db.knex, s.client.email, 'series_changed');
    expect(mail?.textBody).toContain(
      'Your regular cleaner can no longer take your recurring cleaning.',
    );
  });

  it('give up and release: a provider who has a visit but is not the regular one is refused; others see nothing', async () => {
    const s = await seriesOfNewClient(db.knex, api.url);
    const stand = await newUser(db.knex, 'provider');
    await db.knex('bookings').where({ id: s.visits[2] }).update({ providerId: stand.id });
    const asStand = await signedInJson<{ message: string }>(api.url, stand.email);
    const before = await snapshot(db.knex);
    const refused = await asStand('POST', `/api/provider/jobs/${s.visits[2]}/give-up-series`, {
      reason: 'No',
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'You are not the regular cleaner of this recurring cleaning.',
    );
    // Nor may they hand back the visit they took from the board.
    const release = await asStand('POST', `/api/provider/jobs/${s.visits[2]}/release`, {
      reason: 'Changed my mind',
    });
    expect(release.status).toBe(409);
    expect(release.json.message).toBe(
      'You are not the regular cleaner of this recurring cleaning.',
    );
    const notTheirs = await asStand('POST', `/api/provider/jobs/${s.visits[0]}/release`, {
      reason: 'No',
    });
    expect(notTheirs.status).toBe(404);
    expect(await snapshot(db.knex)).toBe(before);
  });
});
