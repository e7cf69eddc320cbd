import {
  LOCAL_DECLINE_MESSAGE,
  LOCAL_UNKNOWN_CARD_MESSAGE,
  localCardSchema,
  TEST_CARDS,
} from '@twinclean/shared/local-gateway';
import { describe, expect, it } from 'vitest';
import {
  allows,
  type LocalIntentAction,
  type LocalIntentKind,
  type LocalIntentStatus,
  nextStep,
} from './local-intent-states';
import { AUTHENTICATION_FAILED_MESSAGE, testCardVerdict } from './local-test-mode';

// Written out in full rather than read from ALLOWED_FROM, so a change to the table shows here.
const STATUSES: LocalIntentStatus[] = [
  'requires_payment_method',
  'requires_action',
  'succeeded',
  'canceled',
];
const EXPECTED: Record<LocalIntentAction, Record<LocalIntentStatus, boolean>> = {
  confirm: {
    requires_payment_method: true,
    requires_action: true,
    succeeded: false,
    canceled: false,
  },
  authenticate: {
    requires_payment_method: false,
    requires_action: true,
    succeeded: false,
    canceled: false,
  },
  cancel: {
    requires_payment_method: true,
    requires_action: true,
    succeeded: false,
    canceled: false,
  },
  refund: {
    requires_payment_method: false,
    requires_action: false,
    succeeded: true,
    canceled: false,
  },
};

const verdictOf = (cardNumber: string) =>
  testCardVerdict(
    localCardSchema.parse({ clientSecret: 's', cardNumber, expiry: '12/34', cvc: '123' }),
    new Date('2026-11-27T12:00:00Z'),
  );
const confirm = (kind: LocalIntentKind, from: LocalIntentStatus, cardNumber: string) =>
  nextStep(kind, from, { action: 'confirm', verdict: verdictOf(cardNumber) });
const authenticate = (kind: LocalIntentKind, from: LocalIntentStatus, approve: boolean) =>
  nextStep(kind, from, { action: 'authenticate', approve });

const refused = (message: string) => ({
  status: 409,
  code: 'payment_intent_unexpected_state',
  message,
});

describe('the transition table', () => {
  for (const action of Object.keys(EXPECTED) as LocalIntentAction[]) {
    for (const status of STATUSES) {
      const allowed = EXPECTED[action][status];
      it(`${allowed ? 'allows' : 'refuses'} ${action} from ${status}`, () => {
        expect(allows(action, status)).toBe(allowed);
      });
    }
  }
});

describe('confirming a test card', () => {
  it.each(['payment', 'setup'] as const)('leads a %s where the card says', (kind) => {
    for (const from of ['requires_payment_method', 'requires_action'] as const) {
      expect(confirm(kind, from, TEST_CARDS.succeeds)).toEqual({
        answer: { status: 'succeeded', message: null },
        keepsCard: true,
      });
      expect(confirm(kind, from, TEST_CARDS.authenticates)).toEqual({
        answer: { status: 'requires_action', message: null },
        keepsCard: true,
      });
      expect(confirm(kind, from, TEST_CARDS.declines)).toEqual({
        answer: { status: 'requires_payment_method', message: LOCAL_DECLINE_MESSAGE },
        keepsCard: false,
      });
      expect(confirm(kind, from, '5555555555554444')).toEqual({
        answer: { status: 'requires_payment_method', message: LOCAL_UNKNOWN_CARD_MESSAGE },
        keepsCard: false,
      });
    }
  });

  it('refuses a payment already made or canceled, and a card already saved', () => {
    expect(() => confirm('payment', 'succeeded', TEST_CARDS.succeeds)).toThrow(
      expect.objectContaining(refused('This payment has already been made.')),
    );
    expect(() => confirm('payment', 'canceled', TEST_CARDS.succeeds)).toThrow(
      expect.objectContaining(refused('This payment was canceled.')),
    );
    expect(() => confirm('setup', 'succeeded', TEST_CARDS.succeeds)).toThrow(
      expect.objectContaining(refused('This card has already been saved.')),
    );
  });
});

describe('answering the extra step', () => {
  it.each(['payment', 'setup'] as const)(
    'succeeds a %s when approved, else drops the card',
    (kind) => {
      expect(authenticate(kind, 'requires_action', true)).toEqual({
        answer: { status: 'succeeded', message: null },
        keepsCard: true,
      });
      expect(authenticate(kind, 'requires_action', false)).toEqual({
        answer: { status: 'requires_payment_method', message: AUTHENTICATION_FAILED_MESSAGE },
        keepsCard: false,
      });
    },
  );

  it('refuses an intent that is not waiting for it, whatever the answer', () => {
    for (const from of ['requires_payment_method', 'succeeded', 'canceled'] as const) {
      for (const approve of [true, false]) {
        expect(() => authenticate('payment', from, approve)).toThrow(
          expect.objectContaining(refused('This payment is not waiting for authentication.')),
        );
      }
    }
    for (const from of ['requires_payment_method', 'succeeded'] as const) {
      expect(() => authenticate('setup', from, true)).toThrow(
        expect.objectContaining(refused('This card is not waiting for authentication.')),
      );
    }
  });
});
