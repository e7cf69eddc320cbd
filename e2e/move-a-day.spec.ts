import { expect, test } from '@playwright/test';
import { addDays, formatDate } from '@twinclean/shared/schedule';
import { PORT } from '../playwright.config';
import { book, CLIENT, expectAccessible, serverBooking, signInAsClient } from './client';
import { signIn } from './helpers';
import { BASE_URL } from './phone';

const BACKSTAGE = `http://127.0.0.1:${PORT + 1}`;

test('an owner moves a snow day and a client picks another time from the e-mailed link', async ({
  page,
  browser,
}) => {
  // Three people's pages and an accessibility scan: more than the 30 s default on a small machine.
  test.setTimeout(90_000);
  // The demo client's visit on the day the snow comes (20 days ahead: no seeded visit is then).
  await signInAsClient(page);
  const visit = await book(page, 20);
  const next = addDays(visit.scheduledDate, 1);

  const ownerContext = await browser.newContext({ baseURL: BASE_URL });
  const owner = await ownerContext.newPage();
  await signIn(owner, 'owner@example.com');
  await expect(owner).toHaveURL(/\/admin$/);
  await owner.getByRole('link', { name: 'Move a Day' }).click();
  await expect(owner.getByRole('heading', { name: 'Move a Day', level: 1 })).toBeVisible();
  const form = owner.getByRole('form', { name: 'Move a day' });
  await form.getByLabel('Date to move').fill(visit.scheduledDate);
  // Clients read the reason, so it is asked for before anything is shown.
  await form.getByRole('button', { name: 'Preview the move' }).click();
  await expect(form.getByRole('alert')).toHaveText('Say why the day moves (clients read it).');
  await form.getByLabel('Reason (clients read it)').fill('a snowstorm');
  await form.getByRole('button', { name: 'Preview the move' }).click();

  const preview = owner.getByRole('region', {
    name: `Visits on ${formatDate(visit.scheduledDate)}`,
  });
  const row = preview.getByRole('row').filter({ hasText: 'Jordan Lindqvist' });
  // Nobody has taken the visit yet: it moves to the next day, still open on the board.
  await expect(row).toContainText('Open on the board');
  await expect(row).toContainText(`→ ${formatDate(next)} 10:00 AM`);
  await expect(row).toContainText('Moves now');
  await preview.getByRole('button', { name: /^Move 1 visit and e-mail their clients$/ }).click();
  await expect(owner.getByRole('status').filter({ hasText: /^Moved/ })).toContainText(
    `Moved 1 visit of ${formatDate(visit.scheduledDate)}. Clients and providers were e-mailed`,
  );
  const history = owner.getByRole('region', { name: 'Days moved' });
  await expect(history.getByRole('row').filter({ hasText: 'a snowstorm' })).toBeVisible();
  // The visit waits for its client's answer: nothing is charged meanwhile.
  expect((await serverBooking(page, visit.id)).scheduledDate).toBe(next);

  // The client's e-mail holds a link that needs no sign-in.
  let link = '';
  await expect
    .poll(async () => {
      const res = await fetch(
        `${BACKSTAGE}/latest?to=${encodeURIComponent(CLIENT)}&template=day_move_client`,
      );
      link = /\/visit-moves\/[\w-]+/.exec(await res.text())?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const guest = await browser.newContext({
    baseURL: BASE_URL,
    viewport: { width: 375, height: 800 },
  });
  const linkPage = await guest.newPage();
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { name: 'Your visit is moved' })).toBeVisible();
  await expect(linkPage.getByText(/we moved every visit on .* \(a snowstorm\)/)).toBeVisible();
  const answer = linkPage.getByRole('form', { name: 'Answer the move' });
  await expect(
    answer.getByRole('radio', { name: `Keep the new time: ${formatDate(next)} at 10:00 AM` }),
  ).toBeChecked();
  await answer.getByRole('radio', { name: 'Pick another time' }).check();
  // A date and a time are both needed; the form says which is missing.
  await answer.getByRole('button', { name: 'Confirm' }).click();
  await expect(answer.getByRole('alert')).toHaveText(
    'Choose a date from today up to 30 days ahead.',
  );
  const picked = addDays(visit.scheduledDate, 2);
  await answer.getByLabel('New date', { exact: true }).fill(picked);
  await answer.getByLabel('New time', { exact: true }).selectOption('14:00');
  await expectAccessible(linkPage);
  await answer.getByRole('button', { name: 'Confirm' }).click();
  await expect(linkPage.getByRole('status')).toHaveText(
    `You picked another time: your visit is now on ${formatDate(picked)} at 2:00 PM.`,
  );
  const moved = await serverBooking(page, visit.id);
  expect([moved.scheduledDate, moved.scheduledTime]).toEqual([picked, '14:00']);

  // The link answers once: opened again, it says what was chosen and offers nothing more.
  await linkPage.reload();
  await expect(linkPage.getByRole('status')).toContainText('You picked another time');
  await expect(linkPage.getByRole('form', { name: 'Answer the move' })).toHaveCount(0);
  // The owner's history shows the client's answer.
  await owner.reload();
  await owner
    .getByRole('region', { name: 'Days moved' })
    .getByRole('button', { name: `Show visits of ${formatDate(visit.scheduledDate)}` })
    .first()
    .click();
  await expect(owner.getByRole('row').filter({ hasText: 'Jordan Lindqvist' }).last()).toContainText(
    'Client picked another time',
  );
  await ownerContext.close();
  await guest.close();
});
