import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Accounts and an application of their own for the access-matrix and fuzz tests, so a route
 * that deactivates an account, changes an admin's role or approves an application never
 * touches the callers themselves: a client to deactivate, a deactivated one to reactivate, a
 * staff admin whose role an owner changes, and a new application to approve or reject.
 */
export async function accountsWorld(db: Knex) {
  const tag = randomBytes(5).toString('hex');
  const user = async (name: string, fields: Record<string, unknown>) => {
    const [row] = await db('users')
      .insert({
        email: `${name}-${tag}@example.com`,
        firstName: name,
        lastName: 'Account',
        emailVerifiedAt: new Date(),
        ...fields,
      })
      .returning('id');
    return row.id as string;
  };
  const [application] = await db('providerApplications')
    .insert({
      firstName: 'Avery',
      lastName: 'Applicant',
      email: `applicant-${tag}@example.com`,
      phone: `612-555-${tag.slice(0, 4)}`,
      experience: 'Three years of house cleaning',
      availability: 'Weekdays',
      whyJoin: 'Steady work close to home',
    })
    .returning('id');
  return {
    activeAccount: await user('active', { role: 'client' }),
    inactiveAccount: await user('inactive', { role: 'client', deactivatedAt: new Date() }),
    staffAccount: await user('staff', { role: 'admin_staff' }),
    application: application.id as string,
  };
}
export type AccountsWorld = Awaited<ReturnType<typeof accountsWorld>>;
