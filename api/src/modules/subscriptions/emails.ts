import { formatDollars } from '@twinclean/shared/money';
import { PLAN_NAMES } from '@twinclean/shared/subscriptions';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail } from '../../core/email-layout';
import type { Subscription } from '../../models/subscription';
import type { User } from '../../models/user';

// The membership's e-mails (issue: one for each renewal, failure and cancellation).

type Member = Pick<User, 'email' | 'firstName'>;

const day = (date: Date | null) =>
  date
    ? date.toLocaleDateString('en-US', {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'America/Chicago',
      })
    : '';

const card = (last4: string | null) => (last4 ? ` to the card ending ${last4}` : '');

function message(member: Member, subject: string, body: string[], template: string): MailMessage {
  return layoutEmail(
    member.email,
    subject,
    [`Hi ${member.firstName},`, '', ...body, '', 'TwinClean, Minneapolis–St Paul'],
    template,
  );
}

export function activatedEmail(member: Member, sub: Subscription, siteUrl: string): MailMessage {
  const plan = PLAN_NAMES[sub.plan];
  return message(
    member,
    `Welcome to your ${plan} membership`,
    [
      `Your ${plan} membership is active: house cleaning at the member rate, no add-on charges and no deposit. Each visit is charged to your saved card 12 hours before it.`,
      `We charged ${formatDollars(sub.priceCents)} for your first month. It renews on ${day(sub.currentPeriodEnd)}; the minimum term ends on ${day(sub.minimumTermEndsAt)}.`,
      `Manage your membership: ${siteUrl}/client/subscribe`,
    ],
    'subscription_activated',
  );
}

export function renewedEmail(
  member: Member,
  sub: Subscription,
  cardLast4: string | null,
  siteUrl: string,
): MailMessage {
  return message(
    member,
    `Receipt: ${formatDollars(sub.priceCents)} for your ${PLAN_NAMES[sub.plan]} membership`,
    [
      `Your membership renewed: we charged ${formatDollars(sub.priceCents)}${card(cardLast4)}. The next renewal is on ${day(sub.currentPeriodEnd)}.`,
      `Your receipts: ${siteUrl}/client/invoices`,
    ],
    'subscription_renewed',
  );
}

export function renewalFailedEmail(
  member: Member,
  sub: Subscription,
  reason: string,
  siteUrl: string,
): MailMessage {
  const next = sub.status === 'past_due' ? sub.nextChargeAt : null;
  return message(
    member,
    `We could not renew your ${PLAN_NAMES[sub.plan]} membership`,
    [
      `We tried to charge ${formatDollars(sub.priceCents)} for your membership, but the payment failed: ${reason}`,
      next
        ? `We will try again on ${day(next)}. To keep your member rate, choose or add another card here: ${siteUrl}/client/subscribe`
        : 'That was the last try, so your membership has been canceled. You can subscribe again at any time.',
      ...(next ? [] : [`${siteUrl}/client/subscribe`]),
    ],
    'subscription_renewal_failed',
  );
}

export function canceledEmail(member: Member, sub: Subscription, cardLast4: string | null) {
  const fee = sub.cancelFeeCents ?? 0;
  // Canceled for the period's end, it is still live until then.
  const body =
    sub.status !== 'canceled'
      ? [
          `Your ${PLAN_NAMES[sub.plan]} membership is canceled. It stays active until ${day(sub.currentPeriodEnd)} and will not renew.`,
        ]
      : [
          `Your ${PLAN_NAMES[sub.plan]} membership has ended.`,
          ...(fee > 0
            ? [
                `As it ended within the minimum term, we charged the ${formatDollars(fee)} early-cancellation fee${card(cardLast4)}.`,
              ]
            : []),
        ];
  return message(
    member,
    `Your ${PLAN_NAMES[sub.plan]} membership is canceled`,
    [...body, 'Visits you booked as a member keep their member price.'],
    'subscription_canceled',
  );
}

/** A member's visit could not be charged to the saved card: the pay link instead. */
export function visitChargeFailedEmail(
  member: Member,
  amountCents: number,
  reason: string,
  visit: string,
  link: string,
): MailMessage {
  return message(
    member,
    `Payment needed: ${formatDollars(amountCents)} for your visit`,
    [
      `We tried to charge ${formatDollars(amountCents)} for ${visit} to your saved card, but the payment failed: ${reason}`,
      `Please pay here, no sign-in needed: ${link}`,
    ],
    'visit_charge_failed',
  );
}
