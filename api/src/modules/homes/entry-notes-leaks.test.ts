import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/mailer';
import { CARD_GRAPH, cardSource, toOpenJob } from '../../core/job-card';
import { loadPricing } from '../../core/pricing';
import { createLogger } from '../../logger';
import { Booking } from '../../models/booking';
import { wizardPayload } from '../../test/fixtures';
import { newUser, signedInClient } from '../../test/people';
import { signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { newJobAlert } from '../push/alerts';

// DECISIONS.md "Recurring visits, homes and entry notes": a client's entry notes reach the
// provider assigned to the visit, inside its window, and no one and nothing else. This books a
// visit with notes and reads every other place a booking shows up.

const db = useTestDatabase();
/** Every line the app logs while the flow runs, at every level. */
const logLines: string[] = [];
const api = useTestServer(db, () => {
  const logger = createLogger('trace', { write: (line: string) => logLines.push(line) });
  // The mailer logs through its own logger: the captured one too.
  return { logger, mailer: createMailer({ db: db.knex, logger, from: 'TwinClean <t@t.test>' }) };
});

const NOTE = 'Lockbox QX7319Z behind the blue pot, alarm KW0852';
/** Parts of the note that alone would give the door away. */
// Codes no id, timestamp or hex could hold by chance (plain 4-digit codes once matched a uuid).
const FRAGMENTS = [NOTE, 'QX7319Z', 'KW0852', 'blue pot'];

function expectNoNote(text: string, where: string) {
  for (const fragment of FRAGMENTS)
    expect(text, `${where} shows the entry note`).not.toContain(fragment);
}

describe('entry notes never leak', () => {
  it('stay out of the board, alerts, admin pages, the export, e-mails and logs', async () => {
    const client = await signedInClient(db.knex, api.url);
    const visitDate = addDays(chicagoDate(new Date()), 3);
    const booked = await client.call(
      'POST',
      '/api/bookings',
      wizardPayload({
        clientEmail: client.email,
        scheduledDate: visitDate,
        scheduledTime: '10:00',
        entryNotes: NOTE,
        parkingNotes: 'Street parking',
        addOns: [],
      }),
    );
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    const bookingId = booked.json.id as string;
    const booking = await Booking.query(db.knex).findById(bookingId);
    expect(booking?.homeId).toBeTruthy();
    // The note was kept (sealed) with the saved home: the client reads it back.
    const homes = await client.call('GET', '/api/homes');
    expect(homes.json.homes[0].entryNotes).toBe(NOTE);
    expectNoNote(
      JSON.stringify(await db.knex('homes').where({ id: booking?.homeId })),
      'homes row',
    );

    // An unassigned provider: the job board, the job itself, its home notes.
    const provider = await newUser(db.knex, 'provider');
    const providerCall = await signInAs(api.url, provider.email);
    const board = await providerCall('/api/provider/job-board');
    expect(board.status).toBe(200);
    const boardText = await board.text();
    expect(boardText).toContain(bookingId);
    expectNoNote(boardText, 'the job board');
    for (const path of [
      `/api/provider/jobs/${bookingId}`,
      `/api/provider/jobs/${bookingId}/home`,
    ]) {
      const answer = await providerCall(path);
      expect(answer.status, path).toBe(404);
      expectNoNote(await answer.text(), path);
    }

    // The job alert: what the queue holds and the push built from the booking.
    const queued = await db.knex('pgboss.job').where('name', 'like', 'job-alerts.%');
    expect(queued.length).toBeGreaterThan(0);
    expectNoNote(JSON.stringify(queued), 'the job alert queue');
    const card = await Booking.query(db.knex).findById(bookingId).withGraphFetched(CARD_GRAPH);
    const alert = newJobAlert(toOpenJob(cardSource(card as Booking), await loadPricing(db.knex)));
    expectNoNote(JSON.stringify(alert), 'the job alert push');

    // Admins: the booking page, the list, the CSV export and the client's details.
    const admin = await newUser(db.knex, 'client', { role: 'admin_owner' });
    const adminCall = await signInAs(api.url, admin.email);
    for (const path of [
      `/api/admin/bookings/${bookingId}`,
      '/api/admin/bookings',
      '/api/admin/exports/bookings.csv',
      `/api/admin/clients/${client.id}`,
    ]) {
      const answer = await adminCall(path);
      expect(answer.status, path).toBe(200);
      const text = await answer.text();
      if (path.endsWith('.csv')) expect(text).toContain(bookingId);
      expectNoNote(text, path);
    }

    // Once the job is theirs, 3 days ahead: the job page has no notes, the home's are not due yet.
    await db.knex('bookings').where({ id: bookingId }).update({
      providerId: provider.id,
      assignedAt: new Date(),
    });
    const job = await providerCall(`/api/provider/jobs/${bookingId}`);
    expect(job.status).toBe(200);
    expectNoNote(await job.text(), 'the assigned job page');
    const home = await providerCall(`/api/provider/jobs/${bookingId}/home`);
    expect(home.status).toBe(200);
    const homeText = await home.text();
    expect(JSON.parse(homeText)).toMatchObject({
      entryNotes: null,
      parkingNotes: 'Street parking',
    });
    expectNoNote(homeText, 'the home notes before the window');

    // The booking confirmation and any other mail, and every log line of the flow.
    const mail = await db.knex('outboundEmails');
    expect(mail.length).toBeGreaterThan(0);
    expectNoNote(JSON.stringify(mail), 'the e-mails');
    // The capture works: the request log saw the booking being made.
    expect(logLines.join('\n')).toContain('/api/bookings');
    expectNoNote(logLines.join('\n'), 'the logs');
  });
});
