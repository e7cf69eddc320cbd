import type { Role } from '@twinclean/shared/roles';
import type { Knex } from 'knex';
import type { Mailer } from '../../adapters/mailer';
import { lockKey } from '../../db/locks';
import { AppError } from '../../errors';
import { isEmailTaken, User } from '../../models/user';
import { issueCode } from '../auth/codes';
import { invitationEmail } from './emails';

export type AccountDeps = { db: Knex; mailer: Mailer; siteUrl: string };

export type Invitation = {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  phone?: string | null;
  /** The e-mail's first paragraph: why they have an account. */
  lead: string;
};

export const emailTaken = () =>
  new AppError(409, 'email_taken', 'An account with this e-mail already exists.');

/**
 * Creates an account with no password (DECISIONS.md "Admin operations": providers come from
 * approved applications, admins from an owner) and e-mails it a code to set one through the
 * password-reset flow. The address counts as verified: the code only reaches its owner.
 * `within` runs in the same transaction (the approval that asked for the account, its audit
 * entry); the e-mail goes only once all of it is committed.
 */
export async function inviteAccount(
  deps: AccountDeps,
  invitation: Invitation,
  within?: (trx: Knex.Transaction, user: User) => Promise<void>,
): Promise<{ user: User; emailSent: boolean }> {
  const { user, code } = await deps.db.transaction(async (trx) => {
    // Two invitations of one address at once: the second waits, then finds the first's account.
    await lockKey(trx, `account:${invitation.email}`);
    if (await User.query(trx).findOne({ email: invitation.email })) throw emailTaken();
    const created = await User.query(trx)
      .insert({
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        phone: invitation.phone ?? null,
        role: invitation.role,
        subscriptionType: 'none',
        passwordHash: null,
        emailVerifiedAt: new Date(),
      })
      .returning('*')
      .catch((error: unknown) => {
        // The lock above holds off invitations only: a signup or Google sign-in of this address
        // committed after the check gets the same answer as one committed before it.
        throw isEmailTaken(error) ? emailTaken() : error;
      });
    await within?.(trx, created);
    return { user: created, code: await issueCode(trx, created.id, 'reset_password') };
  });
  const emailSent = await deps.mailer.send(
    invitationEmail({
      to: user.email,
      firstName: user.firstName,
      code,
      lead: invitation.lead,
      siteUrl: deps.siteUrl,
    }),
    // Whoever invited is told it failed and how to send a new code: not also sent behind them.
    { retry: false },
  );
  return { user, emailSent };
}
