import { adminInviteSchema } from '@twinclean/shared/admin-accounts';
import type { Knex } from 'knex';
import * as z from 'zod/mini';
import type { Mailer } from '../adapters/mailer';
import { audit } from '../core/audit';
import { AppError } from '../errors';
import { User } from '../models/user';
import { type AccountDeps, inviteAccount } from '../modules/accounts/invite';
import { lockAdminAccounts } from '../modules/accounts/owners';

// A fresh production database has no accounts (no demo data there), and only an owner can invite
// admins: this makes the first one, the way an owner invites the rest (DECISIONS.md "Admin
// operations"), and nothing once an owner exists.

/** The first owner: the admin invitation's own field rules, so both refuse the same input. */
export const firstOwnerSchema = z.object({
  email: adminInviteSchema.shape.email,
  firstName: adminInviteSchema.shape.firstName,
  lastName: adminInviteSchema.shape.lastName,
});
export type FirstOwner = z.infer<typeof firstOwnerSchema>;

export const ownerExists = () =>
  new AppError(
    409,
    'owner_exists',
    'An owner already exists: invite more admins from the admin area (Admins).',
  );

/** Active as the admin area counts it: a deactivated owner cannot sign in to invite anyone. */
const activeOwners = (db: Knex) =>
  User.query(db).where({ role: 'admin_owner' }).whereNull('deactivatedAt');

/**
 * Invites `owner` as admin_owner with the usual set-password e-mail, unless an active owner
 * exists. Audited with no actor: no admin acted, the operator's command line did.
 */
export async function inviteFirstOwner(
  deps: AccountDeps,
  owner: FirstOwner,
): Promise<{ user: User; emailSent: boolean }> {
  // Checked first so a second run of the same command hears "an owner exists", not that the
  // address is taken.
  if (await activeOwners(deps.db).first()) throw ownerExists();
  return inviteAccount(
    deps,
    {
      ...owner,
      role: 'admin_owner',
      lead: "You are TwinClean's first owner. Your admin account is ready.",
    },
    // Checked again under the lock every owner change takes: of two runs at once with different
    // addresses, the second waits here for the first to commit, then finds its owner.
    async (trx, created) => {
      await lockAdminAccounts(trx);
      if (await activeOwners(trx).whereNot({ id: created.id }).first()) throw ownerExists();
      await audit(trx, {
        actorId: null,
        action: 'admin.invite_first_owner',
        entity: 'user',
        entityId: created.id,
        before: null,
        after: { email: created.email, role: created.role },
      });
    },
  );
}

/**
 * What to tell whoever ran the command. The code itself is never printed: outside production
 * it is where undelivered codes always are (outbound_emails, and the log when no SMTP_URL).
 */
export function describeInvitation(
  result: { user: Pick<User, 'email'>; emailSent: boolean },
  context: { transport: Mailer['transport']; production: boolean; siteUrl: string },
): string {
  const invited = `Invited ${result.user.email} as the first owner`;
  if (result.emailSent) {
    return `${invited}: an e-mail with a code to choose a password is on its way.`;
  }
  const stored = context.transport === 'stored';
  const why = stored
    ? 'no SMTP_URL is set'
    : 'the SMTP server refused it or could not be reached (the error is logged)';
  const where = context.production
    ? ''
    : ` Outside production the code is in the outbound_emails table${stored ? ' and in the log' : ''}.`;
  const retry = `Once mail works, open ${context.siteUrl}/login and choose "Forgot password?" with this address to have a new code e-mailed.`;
  return `${invited}, but the e-mail could not be sent: ${why}.${where} ${retry}`;
}
