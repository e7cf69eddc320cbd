import type { ApplicationDecision } from '@twinclean/shared/admin-applications';
import type { CurrentUser } from '@twinclean/shared/auth';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { ProviderApplication } from '../../models/provider-application';
import { ProviderProfile } from '../../models/provider-profile';
import { type AccountDeps, inviteAccount } from '../accounts/invite';
import { APPROVAL_LEAD, rejectionEmail } from './emails';
import { applicationDetail } from './list';

const decided = (application: ProviderApplication) =>
  new AppError(
    409,
    'already_decided',
    `This application was already ${application.status}${application.decidedAt ? ` on ${application.decidedAt.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' })}` : ''}.`,
  );

const locked = (trx: Knex.Transaction, id: string) =>
  ProviderApplication.query(trx).findById(id).forUpdate();

/** Someone else decided while this approval ran: theirs stands and this account rolls back. */
class DecidedMeanwhile extends Error {}

/**
 * The approval itself, in the invitation's transaction: the provider's profile, the decision
 * with who and when, and its audit entry, or none of them and no account.
 */
async function approveNew(
  deps: AccountDeps,
  actor: CurrentUser,
  seen: ProviderApplication,
): Promise<{ emailSent: boolean } | undefined> {
  const { id } = seen;
  try {
    return await inviteAccount(
      deps,
      {
        firstName: seen.firstName,
        lastName: seen.lastName,
        email: seen.email,
        phone: seen.phone,
        role: 'provider',
        lead: APPROVAL_LEAD,
      },
      async (trx, provider) => {
        const application = await locked(trx, id);
        if (application?.status !== 'new') throw new DecidedMeanwhile();
        const decidedAt = new Date();
        await ProviderApplication.query(trx)
          .patch({ status: 'approved', decidedAt, decidedBy: actor.id })
          .where({ id });
        await ProviderProfile.query(trx).insert({ userId: provider.id, applicationId: id });
        await audit(trx, {
          actorId: actor.id,
          action: 'provider_application.approve',
          entity: 'provider_application',
          entityId: id,
          before: { status: 'new', decidedAt: null, decidedBy: null },
          after: {
            status: 'approved',
            decidedAt: decidedAt.toISOString(),
            decidedBy: actor.id,
            providerId: provider.id,
          },
        });
      },
    );
  } catch (error) {
    // A second click while the first approval commits finds its account: the answer is the same.
    const raced =
      error instanceof DecidedMeanwhile ||
      (error instanceof AppError && error.code === 'email_taken');
    if (!raced) throw error;
    const now = await ProviderApplication.query(deps.db).findById(id);
    if (now?.status === 'rejected') throw decided(now);
    if (now?.status !== 'approved') throw error;
    return undefined;
  }
}

/**
 * Approves a new application (DECISIONS.md "Admin operations"): the provider's account, with no
 * password and a set-password code e-mailed once all is committed. Approving it again answers
 * the same and creates nothing; an address that already has an account is refused (409).
 */
export async function approveApplication(
  deps: AccountDeps,
  actor: CurrentUser,
  id: string,
): Promise<ApplicationDecision> {
  const seen = await ProviderApplication.query(deps.db).findById(id);
  if (!seen) throw notFound('Application');
  if (seen.status === 'rejected') throw decided(seen);
  const approved = seen.status === 'new' ? await approveNew(deps, actor, seen) : undefined;
  const application = await applicationDetail(deps.db, id);
  const name = `${application.firstName} ${application.lastName}`;
  return {
    message:
      approved?.emailSent === false
        ? `${name} is now a provider, but the e-mail could not be sent: they can use "Forgot password?" on the sign-in page.`
        : `${name} is now a provider. We e-mailed them a code to set their password.`,
    application,
  };
}

/** Rejects a new application and e-mails the applicant a polite no; once is enough. */
export async function rejectApplication(
  deps: AccountDeps,
  actor: CurrentUser,
  id: string,
): Promise<ApplicationDecision> {
  const rejected = await deps.db.transaction(async (trx) => {
    const application = await locked(trx, id);
    if (!application) throw notFound('Application');
    if (application.status === 'rejected') return null;
    if (application.status !== 'new') throw decided(application);
    const decidedAt = new Date();
    await ProviderApplication.query(trx)
      .patch({ status: 'rejected', decidedAt, decidedBy: actor.id })
      .where({ id });
    await audit(trx, {
      actorId: actor.id,
      action: 'provider_application.reject',
      entity: 'provider_application',
      entityId: id,
      before: { status: 'new', decidedAt: null, decidedBy: null },
      after: { status: 'rejected', decidedAt: decidedAt.toISOString(), decidedBy: actor.id },
    });
    return application;
  });
  const emailSent = rejected
    ? await deps.mailer.send(rejectionEmail(rejected.email, rejected.firstName))
    : true;
  const application = await applicationDetail(deps.db, id);
  const name = `${application.firstName} ${application.lastName}`;
  return {
    message: emailSent
      ? `${name}'s application was rejected. We e-mailed them.`
      : `${name}'s application was rejected, but the e-mail could not be sent.`,
    application,
  };
}
