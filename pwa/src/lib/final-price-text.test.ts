import { finalPriceAmountSchema } from '@twinclean/shared/final-price';
import { describe, expect, it } from 'vitest';
import {
  approvalHint,
  awaitingApprovalText,
  type ClockOutPriceFacts,
  clockOutPriceNote,
  confirmedToast,
  offersPriceAtClockOut,
  priceOutcomeNote,
  readFinalPrice,
} from './final-price-text';

/** An outbox entry as stored (features/outbox/entry.ts), as far as the note reads it. */
type OutboxEntry = ClockOutPriceFacts & { [field: string]: unknown };

const PERCENTS = { finalPriceMinPercent: 75, finalPriceMaxPercent: 125 };

describe('the clock-out offers the final price', () => {
  const carpet = {
    serviceType: 'carpet',
    priceIsFinal: false,
    priceAwaitingApproval: null,
  } as const;
  it('for a carpet or rug job whose price waits for its provider', () => {
    expect(offersPriceAtClockOut(carpet)).toBe(true);
    expect(offersPriceAtClockOut({ ...carpet, serviceType: 'dry_cleaning' })).toBe(true);
  });
  it('not once the price is final, waits for the client, or for other services', () => {
    expect(offersPriceAtClockOut({ ...carpet, priceIsFinal: true })).toBe(false);
    expect(offersPriceAtClockOut({ ...carpet, priceAwaitingApproval: '900.00' })).toBe(false);
    expect(offersPriceAtClockOut({ ...carpet, serviceType: 'laundry' })).toBe(false);
    expect(
      offersPriceAtClockOut({ ...carpet, serviceType: 'house', priceIsFinal: undefined }),
    ).toBe(false);
  });
});

describe('the final price field', () => {
  it('left empty (or blank) is no price: the office confirms it', () => {
    expect(readFinalPrice('')).toEqual({ ok: true, finalPrice: undefined });
    expect(readFinalPrice('   ')).toEqual({ ok: true, finalPrice: undefined });
  });
  it('takes the price as the server would, trimmed', () => {
    expect(readFinalPrice(' 298.5 ')).toEqual({ ok: true, finalPrice: '298.5' });
  });
  it('says what the server would say of anything else', () => {
    for (const text of ['abc', '0', '12.345', '-5', '99999.99']) {
      const server = finalPriceAmountSchema.safeParse(text);
      expect(server.success).toBe(false);
      expect(readFinalPrice(text)).toEqual({
        ok: false,
        message: server.error?.issues[0]?.message,
      });
    }
    expect(readFinalPrice('0')).toEqual({
      ok: false,
      message: 'The final price must be more than $0.00 and at most $10,000.00',
    });
  });
});

describe('the approval hint', () => {
  it('names the bounds the server works out around the estimate', () => {
    expect(approvalHint('325.00', PERCENTS)).toBe(
      "From $243.75 to $406.25 it takes effect at once; further from the $325.00 estimate it waits for the client's approval.",
    );
  });
  it('says less without the owner’s percents (a pricing answer saved by an older app)', () => {
    expect(approvalHint('325.00', null)).toBe(
      "A price far from the $325.00 estimate waits for the client's approval.",
    );
    expect(approvalHint(null, PERCENTS)).toBe(
      "A price far from the estimate waits for the client's approval.",
    );
  });
});

describe('what became of a price sent with the clock-out', () => {
  it('confirmed', () => {
    expect(
      priceOutcomeNote({ status: 'confirmed', amount: '298.50', message: 'The final price …' }),
    ).toEqual({
      title: 'Final Price Confirmed',
      text: 'Final price $298.50 confirmed.',
      tone: 'good',
    });
  });
  it('waiting for the client, with the server’s facts', () => {
    const message =
      '$900.00 is outside $243.75–$406.25 of the $325.00 estimate, so it waits for the client’s approval; until then the estimate stands.';
    expect(priceOutcomeNote({ status: 'awaiting_approval', amount: '900.00', message })).toEqual({
      title: 'New Price Sent for Approval',
      text: `Final price $900.00 sent to the client for approval. ${message}`,
      tone: 'warn',
    });
  });
  it('not applied: the server’s reason, and who confirms it instead', () => {
    const message = 'The final price must cover the green cleaning fee of $20.00.';
    expect(priceOutcomeNote({ status: 'not_applied', amount: '10.00', message })).toEqual({
      title: 'Final Price Not Applied',
      text: 'Final price $10.00 not applied: The final price must cover the green cleaning fee of $20.00. The office will confirm the price.',
      tone: 'bad',
    });
  });
});

describe('a clock-out’s price note', () => {
  const entry: OutboxEntry = {
    seq: 3,
    id: 'e-1',
    providerId: 'p-1',
    kind: 'clock_out',
    bookingId: 'b-1',
    occurredAt: '2026-11-27T16:02:00.000Z',
    status: 'pending',
    offline: true,
    attempts: 0,
    waitPay: 0,
    finalPrice: '298.5',
  };
  it('while queued', () => {
    expect(clockOutPriceNote(entry)?.text).toBe('Final price $298.50 goes with the clock-out.');
    expect(clockOutPriceNote({ ...entry, status: 'locating' })?.text).toBe(
      'Final price $298.50 goes with the clock-out.',
    );
  });
  it('once answered: what the server said', () => {
    const answered: OutboxEntry = {
      ...entry,
      status: 'sent',
      finalPriceOutcome: { status: 'confirmed', amount: '298.50', message: '' },
    };
    expect(clockOutPriceNote(answered)?.text).toBe('Final price $298.50 confirmed.');
    expect(clockOutPriceNote({ ...entry, status: 'sent' })?.text).toBe('Final price $298.50 sent.');
  });
  it('when the clock-out itself was refused', () => {
    const refused: OutboxEntry = { ...entry, status: 'rejected', rejection: { message: 'x' } };
    expect(clockOutPriceNote(refused)).toMatchObject({
      text: 'Final price $298.50 not applied either.',
      tone: 'bad',
    });
  });
  it('none for a punch without a price (every entry queued by an older app)', () => {
    const { finalPrice: _, ...older } = entry;
    expect(clockOutPriceNote(older)).toBeNull();
    expect(clockOutPriceNote({ ...entry, kind: 'clock_in' })).toBeNull();
  });
});

describe('the job page', () => {
  it('says which price waits for the client', () => {
    expect(awaitingApprovalText({ priceAwaitingApproval: '1900.00' })).toBe(
      'Waiting for the client to approve $1,900.00.',
    );
    expect(awaitingApprovalText({ priceAwaitingApproval: null })).toBeNull();
  });
  it('toasts a confirmed price as before', () => {
    expect(
      confirmedToast({
        priceAwaitingApproval: null,
        clientAmount: '298.50',
        totalAmount: '179.10',
      }),
    ).toEqual({
      title: 'Final Price Confirmed',
      description: "The client's price is $298.50; your pay is $179.10.",
    });
  });
  it('toasts a price sent for approval with the estimate and pay that stand meanwhile', () => {
    expect(
      confirmedToast({
        priceAwaitingApproval: '900.00',
        clientAmount: '325.00',
        totalAmount: '195.00',
      }),
    ).toEqual({
      title: 'New Price Sent for Approval',
      description:
        'The client is asked to approve $900.00; until then the price stays at the $325.00 estimate. Your pay is $195.00.',
    });
  });
});
