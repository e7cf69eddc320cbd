import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './client';
import { signIn, toast } from './helpers';

// Owners edit the room-by-room task lists on /admin/checklists (issue 32); staff read them.
// The spec edits the hallways list only: no booking's rooms map to it (shared checklistSections),
// so the visits other specs tick in parallel keep the same tasks whatever version is current.
// It puts the lists back before it ends.

type Lists = { rooms: Record<string, string[]>; addOns: Record<string, string[]> };
type Current = { version: number; lists: Lists; history: { note: string }[] };

const HALLWAYS = 'Hallways and entries';

async function current(request: APIRequestContext): Promise<Current> {
  const res = await request.get('/api/admin/checklists');
  expect(res.status()).toBe(200);
  return (await res.json()) as Current;
}

/** Saves lists through the API as the signed-in owner (also the clean-up, whatever failed). */
async function putLists(request: APIRequestContext, lists: Lists, note: string) {
  const res = await request.put('/api/admin/checklists', { data: { lists, note } });
  // "Nothing changed." when they already are these lists.
  expect([200, 400], await res.text()).toContain(res.status());
}

const withHallways = (lists: Lists, hallways: string[]): Lists => ({
  ...lists,
  rooms: { ...lists.rooms, hallways },
});

async function openAsOwner(page: Page) {
  await signIn(page, 'owner@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  const settings = page.getByRole('complementary', { name: 'Sidebar' });
  // In Settings, right after Pricing Config.
  await expect(settings.getByRole('link', { name: 'Pricing Config' })).toBeVisible();
  const links = await settings.getByRole('link').allInnerTexts();
  expect(links.indexOf('Checklists')).toBe(links.indexOf('Pricing Config') + 1);
  await settings.getByRole('link', { name: 'Checklists' }).click();
  await expect(page.getByRole('heading', { name: 'Checklists', level: 1 })).toBeVisible();
}

test('the owner edits a list; a stale save keeps the edit; the saved version is in the history and on /services', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAsOwner(page);
  const original = await current(page.request);
  const stamp = Date.now().toString(36);
  const porch = `Porch swept ${stamp}`;
  const rival = `Coat closet tidied ${stamp}`;
  const count = original.lists.rooms.hallways?.length ?? 0;
  const form = page.getByRole('form', { name: 'Checklists' });
  const hallways = form.getByRole('group', { name: HALLWAYS });
  const task = (n: number) => hallways.getByLabel(`${HALLWAYS}, task ${n}`, { exact: true });

  try {
    // An empty task is refused beside it, by the shared schema's message; nothing is saved.
    await hallways.getByRole('button', { name: `Add Task to ${HALLWAYS}` }).click();
    await expect(task(count + 1)).toBeFocused();
    await form.getByRole('button', { name: 'Save Checklists' }).click();
    await expect(hallways.getByText('A task cannot be empty')).toBeVisible();
    await expect(task(count + 1)).toHaveAttribute('aria-invalid', 'true');
    expect((await current(page.request)).version).toBe(original.version);

    // Typed, then moved up by keyboard: focus stays on the button, which follows the task.
    await task(count + 1).fill(porch);
    await hallways.getByRole('button', { name: `Move ${HALLWAYS}, task ${count + 1} up` }).focus();
    await page.keyboard.press('Enter');
    await expect(task(count)).toHaveValue(porch);
    await expect(
      hallways.getByRole('button', { name: `Move ${HALLWAYS}, task ${count} up` }),
    ).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'moved to position' })).toHaveText(
      `${HALLWAYS}: task moved to position ${count} of ${count + 1}.`,
    );
    await form.getByLabel('Note (optional)').fill(`Porch ${stamp}`);

    // Someone else saves first: the refusal says so and what was typed stays.
    await putLists(
      page.request,
      withHallways(original.lists, [...(original.lists.rooms.hallways ?? []), rival]),
      'e2e rival',
    );
    await form.getByRole('button', { name: 'Save Checklists' }).click();
    const alert = form.getByRole('alert').filter({ hasText: 'changed by someone else' });
    await expect(alert).toBeVisible();
    await expect(task(count)).toHaveValue(porch);
    await expect(form.getByLabel('Note (optional)')).toHaveValue(`Porch ${stamp}`);

    // The latest lists, then the edit again: a new version, its toast, its line in the history.
    await alert.getByRole('button', { name: 'Load the latest lists' }).click();
    await expect(task(count + 1)).toHaveValue(rival);
    await task(count + 1).fill(porch);
    await form.getByLabel('Note (optional)').fill(`Porch ${stamp}`);
    await form.getByRole('button', { name: 'Save Checklists' }).click();
    await expect(toast(page, 'Checklists Saved')).toBeVisible();
    const saved = await current(page.request);
    expect(saved.version).toBe(original.version + 2);
    expect(saved.lists.rooms.hallways).toEqual([...(original.lists.rooms.hallways ?? []), porch]);
    const latest = page.getByRole('region', { name: 'History' }).getByRole('listitem').first();
    await expect(latest).toContainText(`Version ${saved.version}`);
    await expect(latest).toContainText('Dana Berg');
    await expect(latest).toContainText(`Porch ${stamp}`);

    // On a phone: the editor fits, with no serious accessibility problem.
    await page.setViewportSize({ width: 375, height: 900 });
    await expectAccessible(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The public page reads the new list with no rebuild.
    await page.goto('/services');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: HALLWAYS }) });
    await expect(card).toContainText(porch);
    await expect(card).not.toContainText(rival);
  } finally {
    await putLists(page.request, original.lists, 'e2e: put back');
  }
});

test('staff read the lists, are told owners edit them, and the API refuses their save', async ({
  page,
}) => {
  // axe on a long page takes its time on a busy machine.
  test.setTimeout(60_000);
  await signIn(page, 'staff@example.com');
  await expect(page).toHaveURL(/\/admin$/);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('link', { name: 'Pricing Config' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Checklists' }).click();
  await expect(page.getByRole('heading', { name: 'Checklists', level: 1 })).toBeVisible();
  await expect(page.getByText('Checklists are edited by owners.')).toBeVisible();
  const live = await current(page.request);
  const kitchen = page.getByRole('list', { name: 'Kitchen tasks' });
  for (const task of live.lists.rooms.kitchen ?? []) await expect(kitchen).toContainText(task);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Version 1');
  await expect(page.getByRole('button', { name: 'Save Checklists' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);

  const res = await page.request.put('/api/admin/checklists', {
    data: { lists: live.lists, note: 'staff' },
  });
  expect(res.status()).toBe(403);
  // No version of theirs (the owner's spec may save beside this one, so not by the number).
  expect((await current(page.request)).history.map((v) => v.note)).not.toContain('staff');

  await page.setViewportSize({ width: 375, height: 900 });
  await expectAccessible(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
