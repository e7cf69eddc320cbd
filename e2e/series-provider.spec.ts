import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { providerJobSchema } from '@twinclean/shared/provider-jobs';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { clientSeriesSchema } from '@twinclean/shared/series';
import { PORT } from '../playwright.config';
import { ownAddress } from './client';
import { DEMO_PASSWORD, signIn, toast } from './helpers';
import { BASE_URL, controlledByWorker, newProvider, openPhone, standAtJob } from './phone';
import { newClient, SUBSCRIBER_PASSWORD } from './subscriber';

// Issue 31, the provider's side of a recurring cleaning: the first visit is taken from the board
// ("Regular client"), the next is then already theirs, and on its day its entry notes show on
// the visit's page, still there offline, and to nobody else.

test.describe.configure({ timeout: 120_000 });

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;
const ENTRY_NOTES = 'Lockbox 5512 by the back door, alarm code 0451';

/** A signed-in API caller from an address of its own (bookings are rate limited per address). */
async function caller(email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: {
      Origin: BASE_URL,
      'X-Forwarded-For': ownAddress(),
    },
  });
  const login = await api.post('/api/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  return api;
}

/** A new client with a saved card (a series needs one), booking every 2 weeks from `date`. */
async function clientBooksEveryTwoWeeks(address: string, date: string) {
  const email = await newClient(BASE_URL);
  const api = await caller(email, SUBSCRIBER_PASSWORD);
  const setup = (await (await api.post('/api/payment-methods/setup-intent')).json()) as {
    setupIntentId: string;
    clientSecret: string;
  };
  const confirmed = await api.post(
    `/api/local-gateway/setup-intents/${setup.setupIntentId}/confirm`,
    {
      data: {
        clientSecret: setup.clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    },
  );
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const saved = await api.post('/api/payment-methods', {
    data: { setupIntentId: setup.setupIntentId },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const booked = await api.post('/api/bookings', {
    data: {
      clientFirstName: 'Mona',
      clientLastName: 'Berg',
      clientEmail: email,
      clientPhone: '612-555-0177',
      address,
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55410',
      homeSize: 'medium',
      squareFeet: null,
      numberOfFloors: 1,
      bedroomCount: 2,
      fullBathroomCount: 1,
      halfBathroomCount: 0,
      hasKitchen: true,
      hasLivingRoom: true,
      greenCleaning: false,
      scheduledDate: date,
      scheduledTime: '10:00',
      frequency: 'biweekly',
      parkingNotes: 'Park in the alley behind the garage',
      entryNotes: ENTRY_NOTES,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { seriesId } = (await booked.json()) as { seriesId: string };
  const series = clientSeriesSchema.parse(await (await api.get(`/api/series/${seriesId}`)).json());
  await api.dispose();
  return series.upcoming.map((visit) => visit.bookingId);
}

/** The visits whose home notes the phone keeps (the outbox database's entryNotes table). */
function keptNotes(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('twinclean-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('entryNotes').objectStore('entryNotes').getAllKeys();
          read.onsuccess = () => {
            resolve(read.result as string[]);
            open.result.close();
          };
        };
      }),
  );
}

test('the regular provider takes the first visit, finds the next one theirs, and reads its entry notes on the day, offline too', async () => {
  const address = `${1000 + Math.floor(Math.random() * 8999)} Upton Ave S`;
  const [first, second, third] = await clientBooksEveryTwoWeeks(
    address,
    addDays(chicagoDate(new Date()), 2),
  );
  expect(third).toBeDefined();
  const provider = await newProvider();
  const { context, page, close } = await openPhone();
  try {
    await signIn(page, provider);
    await expect(page).toHaveURL(/\/provider$/);

    // On the board: a series visit, marked "Regular client", with its place in the series.
    await page.goto('/provider/job-board');
    const card = page
      .getByRole('article')
      .filter({ hasText: address })
      .filter({ hasText: 'Every 2 weeks · 1st visit' });
    await expect(card.getByText('Regular client')).toBeVisible();
    await expect(card).not.toContainText(ENTRY_NOTES);
    await card.getByRole('button', { name: 'Accept Job' }).click();
    await expect(toast(page, 'Job Accepted!')).toBeVisible();

    // The next visit is already theirs: the one who took the first is the regular cleaner.
    await page.goto('/provider');
    const upcoming = page.getByRole('region', { name: 'Upcoming Jobs' });
    const next = upcoming.getByRole('link').filter({ hasText: 'Every 2 weeks · 2nd visit' });
    await expect(next).toBeVisible();
    await expect(next).toContainText(address);

    // Two weeks ahead the entry notes are not shown yet.
    await page.goto(`/provider/jobs/${third}`);
    await expect(page.getByText('Every 2 weeks · 3rd visit')).toBeVisible();
    await expect(page.getByText('Entry notes appear 24 hours before the visit.')).toBeVisible();
    await expect(page.getByText('Park in the alley behind the garage')).toBeVisible();

    // The second visit's day comes: within 24 hours of it the notes show, and stay on the phone.
    await fetch(`${BACKSTAGE}/start-soon?booking=${second}`, { method: 'POST' });
    await page.goto('/provider');
    await page.goto(`/provider/jobs/${second}`);
    await controlledByWorker(page);
    const home = page.getByRole('region', { name: 'Entry notes' });
    await expect(home).toContainText(ENTRY_NOTES);
    await expect(page.getByRole('button', { name: 'Release this visit' })).toBeEnabled();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Home Notes' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Entry notes' })).toContainText(ENTRY_NOTES);
    await expect(page.getByRole('button', { name: 'Release this visit' })).toBeDisabled();
    await expect(
      page.getByText("You're offline. Releasing a visit or giving up a series needs a connection."),
    ).toBeVisible();
    // Only this visit's notes are on the phone, and they go once it is done.
    expect(await keptNotes(page)).toEqual([second]);
    await context.setOffline(false);
    const job = providerJobSchema.parse(
      await (await page.request.get(`/api/provider/jobs/${second}`)).json(),
    );
    await standAtJob(context, job);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await expect(toast(page, 'Clocked In')).toBeVisible();
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await expect(toast(page, 'Clocked Out')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Entry notes' })).toContainText(
      'Entry notes are hidden once the visit is done.',
    );
    await expect.poll(() => keptNotes(page)).toEqual([]);
  } finally {
    await close();
  }

  // Another provider: the home's notes of a visit not theirs are "not found", and no board card
  // carries them.
  const stranger = await caller(await newProvider(), DEMO_PASSWORD);
  for (const visit of [first, second, third]) {
    const notes = await stranger.get(`/api/provider/jobs/${visit}/home`);
    expect(notes.status()).toBe(404);
    expect(await notes.text()).not.toContain(ENTRY_NOTES);
  }
  const board = await stranger.get('/api/provider/job-board');
  expect(board.status()).toBe(200);
  expect(await board.text()).not.toContain(ENTRY_NOTES);
  await stranger.dispose();
});
