import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const application = {
  firstName: 'Lucia',
  lastName: 'Moreno',
  email: 'Lucia@Example.com',
  phone: '612-555-0177',
  experience: 'Four years on a commercial crew.',
  availability: 'Weekdays',
  whyJoin: 'Flexible hours.',
};

describe('POST /api/provider-applications', () => {
  it('stores an application once, even when submitted twice within a minute', async () => {
    const first = await post('/api/provider-applications', application);
    const second = await post('/api/provider-applications', application);
    expect(first.status).toBe(201);
    expect(second.json.id).toBe(first.json.id);
    expect(
      await db.knex('providerApplications').where({ email: 'lucia@example.com' }),
    ).toHaveLength(1);
  });

  it('requires all seven fields, with the server message for the page to show', async () => {
    for (const field of Object.keys(application)) {
      const { status, json } = await post('/api/provider-applications', {
        ...application,
        [field]: '  ',
      });
      expect(status, field).toBe(400);
      expect(json.message, field).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('POST /api/newsletter/subscribe', () => {
  it('subscribes an address once, however often it is sent', async () => {
    expect(
      (await post('/api/newsletter/subscribe', { email: 'Tips@Example.com' })).json.message,
    ).toBe('Successfully subscribed!');
    await post('/api/newsletter/subscribe', { email: 'tips@example.com' });
    expect(
      await db.knex('newsletterSubscribers').where({ email: 'tips@example.com' }),
    ).toHaveLength(1);
    expect((await post('/api/newsletter/subscribe', { email: 'nope' })).status).toBe(400);
  });
});
