import type {
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
  resetPasswordSchema,
  SignupResult,
  signupSchema,
} from '@twinclean/shared/auth';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { type Mailer, queueMail } from '../../adapters/mailer';
import { AppError } from '../../errors';
import { Session } from '../../models/session';
import { isEmailTaken, User } from '../../models/user';
import { checkCode, issueCode } from './codes';
import { resetEmail, verificationEmail } from './emails';
import type { GoogleProfile } from './google';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

export type AuthDeps = {
  db: Knex;
  mailer: Mailer;
  /** Outside production a code the mailer could not deliver is returned to the page. */
  exposeUndeliveredCodes: boolean;
};

const findByEmail = (email: string, trx?: Knex.Transaction) => User.query(trx).findOne({ email });

/** DECISIONS.md "Admin operations": a deactivated account cannot sign in, by any way. */
export const accountDeactivated = () =>
  new AppError(
    403,
    'account_deactivated',
    'This account has been deactivated. Contact support if you think this is a mistake.',
  );

const emailTaken = () =>
  new AppError(409, 'email_taken', 'An account with this email already exists. Please sign in.');

export async function signup(
  deps: AuthDeps,
  input: z.output<typeof signupSchema>,
): Promise<SignupResult> {
  const passwordHash = await hashPassword(input.password);
  const { user, code } = await deps.db.transaction(async (trx) => {
    if (await findByEmail(input.email, trx)) throw emailTaken();
    const created = await User.query(trx)
      .insert({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        role: 'client',
        subscriptionType: 'none',
      })
      .catch((error: unknown) => {
        // Another account of this address (a parallel signup, an invitation) committed after
        // the check above: the same answer as one committed before it.
        throw isEmailTaken(error) ? emailTaken() : error;
      });
    return { user: created, code: await issueCode(trx, created.id, 'verify_email') };
  });
  const emailSent = await deps.mailer.send(verificationEmail(user.email, user.firstName, code));
  if (emailSent) return { message: 'Please check your email for a verification code.', emailSent };
  return {
    message: 'The email service is unavailable.',
    emailSent,
    ...(deps.exposeUndeliveredCodes ? { verificationCode: code } : {}),
  };
}

/**
 * The user behind a correct e-mail and password; refuses unverified addresses and deactivated
 * accounts (only after the right password, so a guesser learns nothing about the account).
 */
export async function login(input: z.output<typeof loginSchema>): Promise<User> {
  const user = await findByEmail(input.email);
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
    throw new AppError(401, 'invalid_credentials', 'Invalid email or password');
  }
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    // Only while the hash is the one just checked: a password changed meanwhile stays changed.
    await User.query()
      .patch({ passwordHash: await hashPassword(input.password) })
      .where({ id: user.id, passwordHash: user.passwordHash });
  }
  if (user.deactivatedAt) throw accountDeactivated();
  if (!user.emailVerifiedAt) {
    throw new AppError(
      403,
      'needs_verification',
      'Please verify your email to continue.',
      undefined,
      {
        needsVerification: true,
      },
    );
  }
  return user;
}

export async function verifyEmail(
  deps: AuthDeps,
  input: z.output<typeof emailCodeSchema>,
): Promise<void> {
  const failure = await deps.db.transaction(async (trx) => {
    const user = await findByEmail(input.email, trx);
    const refused = await checkCode(trx, user?.id, 'verify_email', input.code, { consume: true });
    if (refused || !user) return refused;
    await User.query(trx).patch({ emailVerifiedAt: new Date() }).where({ id: user.id });
    return undefined;
  });
  if (failure) throw failure;
}

/** Sends a fresh code when there is an unverified account; answers the same either way. */
export async function resendVerification(
  deps: AuthDeps,
  input: z.output<typeof emailOnlySchema>,
): Promise<{ verificationCode?: string }> {
  const issued = await deps.db.transaction(async (trx) => {
    const user = await findByEmail(input.email, trx);
    if (!user || user.emailVerifiedAt) return undefined;
    return { user, code: await issueCode(trx, user.id, 'verify_email') };
  });
  if (!issued) return {};
  const sent = await deps.mailer.send(
    verificationEmail(issued.user.email, issued.user.firstName, issued.code),
  );
  return !sent && deps.exposeUndeliveredCodes ? { verificationCode: issued.code } : {};
}

/** Sends a reset code when the account exists; the answer never says whether it does. */
export async function requestPasswordReset(
  deps: AuthDeps,
  input: z.output<typeof emailOnlySchema>,
): Promise<void> {
  const mail = await deps.db.transaction(async (trx) => {
    const user = await findByEmail(input.email, trx);
    // A deactivated account could not use a new password: it gets no code either.
    if (!user || user.deactivatedAt) return undefined;
    const code = await issueCode(trx, user.id, 'reset_password');
    // Queued with the code it carries: a crash after the commit cannot lose the e-mail.
    return queueMail(trx, resetEmail(user.email, user.firstName, code));
  });
  if (mail) await deps.mailer.deliver(mail);
}

export async function verifyResetCode(
  deps: AuthDeps,
  input: z.output<typeof emailCodeSchema>,
): Promise<void> {
  const failure = await deps.db.transaction(async (trx) => {
    const user = await findByEmail(input.email, trx);
    return checkCode(trx, user?.id, 'reset_password', input.code, { consume: false });
  });
  if (failure) throw failure;
}

/** Sets the new password, proves the address, and signs the account out everywhere. */
export async function resetPassword(
  deps: AuthDeps,
  input: z.output<typeof resetPasswordSchema>,
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  const failure = await deps.db.transaction(async (trx) => {
    const user = await findByEmail(input.email, trx);
    const refused = await checkCode(trx, user?.id, 'reset_password', input.code, { consume: true });
    if (refused || !user) return refused;
    await User.query(trx)
      .patch({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
      .where({ id: user.id });
    await Session.query(trx).where({ userId: user.id }).delete();
    return undefined;
  });
  if (failure) throw failure;
}

/**
 * The account for a Google sign-in: the one already linked to this Google subject, else the
 * account with the same (Google-verified) e-mail, now linked, else a new verified client.
 */
export async function findOrCreateGoogleUser(
  deps: AuthDeps,
  profile: GoogleProfile,
): Promise<User> {
  if (!profile.emailVerified) {
    throw new AppError(403, 'google_unverified', 'Your Google e-mail address is not verified.');
  }
  return deps.db.transaction(async (trx) => {
    const linked = await User.query(trx).findOne({ googleSubject: profile.subject });
    if (linked?.deactivatedAt) throw accountDeactivated();
    if (linked) return linked;
    const sameEmail = await findByEmail(profile.email, trx).forUpdate();
    if (sameEmail?.deactivatedAt) throw accountDeactivated();
    if (sameEmail) {
      return User.query(trx).patchAndFetchById(sameEmail.id, {
        googleSubject: profile.subject,
        emailVerifiedAt: sameEmail.emailVerifiedAt ?? new Date(),
      });
    }
    return User.query(trx)
      .insert({
        email: profile.email,
        googleSubject: profile.subject,
        firstName: profile.firstName || profile.email.split('@')[0] || 'Friend',
        lastName: profile.lastName,
        role: 'client',
        subscriptionType: 'none',
        emailVerifiedAt: new Date(),
      })
      .returning('*');
  });
}
