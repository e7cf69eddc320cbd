import type { LocalConfirmAnswer } from '@twinclean/shared/local-gateway';
import { AppError } from '../../errors';
import { AUTHENTICATION_FAILED_MESSAGE } from './local-test-mode';

// The one state machine of the LocalGateway's payment intents and setup intents. Stripe runs both
// alike (a card is confirmed, may ask for the extra step, and a refused one leaves the intent
// waiting for another), so the rules live here once and each ledger keeps only what it adds.

/** What the ledgers store; a setup intent is never canceled (its table's check refuses it). */
export type LocalIntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'succeeded'
  | 'canceled';

/** The statuses each action may start from; from any other it is refused. */
export const ALLOWED_FROM = {
  // A card may be given again while the extra step waits, as with Stripe: the newer card counts.
  confirm: ['requires_payment_method', 'requires_action'],
  authenticate: ['requires_action'],
  // Only what nobody has paid can be called off; a paid intent is refunded instead.
  cancel: ['requires_payment_method', 'requires_action'],
  refund: ['succeeded'],
} as const satisfies Record<string, readonly LocalIntentStatus[]>;

export type LocalIntentAction = keyof typeof ALLOWED_FROM;

export const allows = (action: LocalIntentAction, status: LocalIntentStatus): boolean =>
  (ALLOWED_FROM[action] as readonly LocalIntentStatus[]).includes(status);

export type LocalIntentKind = 'payment' | 'setup';

// The card form shows these 409s as they are, so each kind speaks of what the client is doing.
const REFUSED: Record<
  LocalIntentKind,
  { succeeded: string; canceled: string; notAuthenticating: string }
> = {
  payment: {
    succeeded: 'This payment has already been made.',
    canceled: 'This payment was canceled.',
    notAuthenticating: 'This payment is not waiting for authentication.',
  },
  setup: {
    succeeded: 'This card has already been saved.',
    canceled: 'This card setup was canceled.',
    notAuthenticating: 'This card is not waiting for authentication.',
  },
};

/** Stripe's code for an intent asked to do what its status does not allow. */
function refusal(
  kind: LocalIntentKind,
  action: LocalIntentEvent['action'],
  from: LocalIntentStatus,
) {
  const words = REFUSED[kind];
  const message =
    action === 'confirm' && (from === 'succeeded' || from === 'canceled')
      ? words[from]
      : words.notAuthenticating;
  return new AppError(409, 'payment_intent_unexpected_state', message);
}

/** What the card form did: gave a test card (with what that card does), or answered the extra step. */
export type LocalIntentEvent =
  | { action: 'confirm'; verdict: LocalConfirmAnswer }
  | { action: 'authenticate'; approve: boolean };

/**
 * Where an event takes an intent: the answer the card form gets (its status is the intent's new
 * one), and whether the card given stays with the intent. An intent back to waiting for a card
 * holds none, so a refused card is never saved.
 */
export type LocalStep = { answer: LocalConfirmAnswer; keepsCard: boolean };

export function nextStep(
  kind: LocalIntentKind,
  from: LocalIntentStatus,
  event: LocalIntentEvent,
): LocalStep {
  if (!allows(event.action, from)) throw refusal(kind, event.action, from);
  const answer: LocalConfirmAnswer =
    event.action === 'confirm'
      ? event.verdict
      : event.approve
        ? { status: 'succeeded', message: null }
        : { status: 'requires_payment_method', message: AUTHENTICATION_FAILED_MESSAGE };
  return { answer, keepsCard: answer.status !== 'requires_payment_method' };
}
