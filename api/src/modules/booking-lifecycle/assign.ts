import type { AssignProviderInput } from '@twinclean/shared/admin-booking';
import { assignTerms, unassignTerms } from '@twinclean/shared/admin-booking-rules';
import { audit } from '../../core/audit';
import { AppError } from '../../errors';
import { User } from '../../models/user';
import { releaseClaim } from '../auction/service';
import { depositRequests } from '../payments/requests';
import { assigned } from '../provider/job-board';
import { claimRegularProvider } from '../series/regular-provider';
import { adminAssignmentEmail } from './emails';
import { allow, lockedBooking } from './guards';
import type { LifecycleDeps } from './lifecycle-deps';
import { mailAfterCommit } from './notices';

/**
 * Gives the booking to a provider, or to another one (DECISIONS.md "Admin operations"), before
 * anyone clocks in. The row lock makes it first-come with the job board: a provider's accept is
 * a conditional UPDATE that waits for the lock and then finds the job taken, and an assignment
 * that finds a provider it was not told about (`replacing`) is refused, so one of the two wins.
 * An open job's side effects are the accept's (alerts, the deposit request); providers old and
 * new are told.
 */
export async function assignBooking(
  deps: LifecycleDeps,
  actorId: string,
  id: string,
  input: AssignProviderInput,
): Promise<'Provider assigned' | 'Provider reassigned'> {
  await deps.alerts.ready();
  const deposits = depositRequests(deps);
  const done = await deps.db.transaction(async (trx) => {
    const booking = await lockedBooking(trx, id);
    const provider = await User.query(trx).findOne({ id: input.providerId, role: 'provider' });
    if (!provider) throw new AppError(400, 'not_a_provider', 'No provider has that id.');
    if (booking.providerId === provider.id) return null;
    allow(assignTerms(booking));
    const former = booking.providerId;
    if (input.replacing === undefined && former !== null) {
      throw new AppError(
        409,
        'already_assigned',
        'This booking already has a provider. Reload the page to reassign it.',
      );
    }
    if (input.replacing !== undefined && input.replacing !== former) {
      throw new AppError(
        409,
        'provider_changed',
        'This booking’s provider changed since the page loaded. Reload the page and try again.',
      );
    }
    await booking.$query(trx).patch({
      providerId: provider.id,
      assignedAt: new Date(),
      enRouteAt: null,
    });
    const askForDeposit = former
      ? await deposits.due(trx, id)
      : await assigned(trx, deps.alerts, deposits, id, provider.id);
    // A first assignment claims through assigned(); a reassignment may name the regular one too.
    if (former) await claimRegularProvider(trx, id, provider.id, deps.alerts);
    await audit(trx, {
      actorId,
      action: former ? 'booking.reassign' : 'booking.assign',
      entity: 'booking',
      entityId: id,
      before: { providerId: former },
      after: { providerId: provider.id },
    });
    const formerProvider = former ? await User.query(trx).findById(former) : undefined;
    return { booking, provider, formerProvider, askForDeposit };
  });
  if (!done) return 'Provider assigned';
  await mailAfterCommit(deps, async () => done.askForDeposit?.());
  await mailAfterCommit(deps, () =>
    deps.mailer.send(adminAssignmentEmail(done.provider, done.booking, 'assigned')),
  );
  const { formerProvider } = done;
  if (formerProvider) {
    await mailAfterCommit(deps, () =>
      deps.mailer.send(adminAssignmentEmail(formerProvider, done.booking, 'unassigned')),
    );
  }
  return formerProvider ? 'Provider reassigned' : 'Provider assigned';
}

/**
 * Takes the job back from its provider before they clock in: it returns to the job board (with
 * a job alert while it is still ahead) and the provider is told; an auction post they claimed it
 * from offers it again. Unassigned already: as it is.
 */
export async function unassignBooking(
  deps: LifecycleDeps,
  actorId: string,
  id: string,
  now = new Date(),
): Promise<void> {
  await deps.alerts.ready();
  const done = await deps.db.transaction(async (trx) => {
    const booking = await lockedBooking(trx, id);
    if (!booking.providerId && !booking.canceledAt) return null;
    allow(unassignTerms(booking));
    const former = booking.providerId as string;
    await booking.$query(trx).patch({ providerId: null, assignedAt: null, enRouteAt: null });
    await releaseClaim(trx, id);
    if (booking.scheduledAt > now) await deps.alerts.opened(id, trx);
    await audit(trx, {
      actorId,
      action: 'booking.unassign',
      entity: 'booking',
      entityId: id,
      before: { providerId: former },
      after: { providerId: null },
    });
    return { booking, provider: await User.query(trx).findById(former) };
  });
  const provider = done?.provider;
  if (done && provider) {
    await mailAfterCommit(deps, () =>
      deps.mailer.send(adminAssignmentEmail(provider, done.booking, 'unassigned')),
    );
  }
}
