import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/mailer';
import { useTestDatabase } from '../../test/test-database';
import { findOrCreateGoogleUser } from './service';

const db = useTestDatabase();
const deps = () => ({
  db: db.knex,
  mailer: createMailer({ db: db.knex, logger: pino({ level: 'silent' }), from: 'x@y.z' }),
  exposeUndeliveredCodes: true,
});
const profile = (subject: string, email: string) => ({
  subject,
  email,
  emailVerified: true,
  firstName: 'Gia',
  lastName: 'Google',
});

describe('Google accounts', () => {
  it('creates a verified client without a password for a new Google user', async () => {
    const user = await findOrCreateGoogleUser(deps(), profile('g-1', 'new.g@example.com'));
    expect(user).toMatchObject({
      role: 'client',
      googleSubject: 'g-1',
      passwordHash: null,
      firstName: 'Gia',
    });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    // The same Google subject finds the same account next time.
    expect((await findOrCreateGoogleUser(deps(), profile('g-1', 'new.g@example.com'))).id).toBe(
      user.id,
    );
  });

  it('links an existing account with the same e-mail, keeping its role and password', async () => {
    const [existing] = await db
      .knex('users')
      .insert({
        email: 'maria@example.com',
        firstName: 'Maria',
        lastName: 'G',
        role: 'provider',
        passwordHash: 'hash',
      })
      .returning('*');
    const linked = await findOrCreateGoogleUser(deps(), profile('g-2', 'maria@example.com'));
    expect(linked).toMatchObject({
      id: existing.id,
      role: 'provider',
      passwordHash: 'hash',
      googleSubject: 'g-2',
    });
    expect(linked.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await db.knex('users').where({ email: 'maria@example.com' })).toHaveLength(1);
  });

  it('refuses a Google address Google has not verified', async () => {
    await expect(
      findOrCreateGoogleUser(deps(), {
        ...profile('g-3', 'unverified@example.com'),
        emailVerified: false,
      }),
    ).rejects.toMatchObject({ status: 403, code: 'google_unverified' });
    expect(await db.knex('users').where({ email: 'unverified@example.com' })).toEqual([]);
  });
});
