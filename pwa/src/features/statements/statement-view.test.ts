import type { Statement } from '@twinclean/shared/payout-transfers';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatementJobs, StatementTotals, TransferBox } from './statement-view';

/** The text of the markup, one entry per text node. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter((text) => text.trim() !== '');

const transfer: NonNullable<Statement['transfer']> = {
  id: 't1',
  weekStart: '2026-11-23',
  status: 'paid',
  amount: '1265.50',
  tips: '15.00',
  sentAt: '2026-11-30T14:05:00.000Z',
  arrivalDate: '2026-12-02',
  lines: [
    {
      payoutId: 'p1',
      bookingId: 'b1',
      date: '2026-11-24',
      address: '100 Main St',
      pay: '1100.50',
      tip: '15.00',
    },
    {
      payoutId: 'p0',
      bookingId: 'b0',
      date: '2026-11-18',
      address: '9 Oak Ave',
      pay: '150.00',
      tip: '0.00',
    },
  ],
};

describe('a statement’s totals', () => {
  it('shows the week’s hours, pay, tips and total as money', () => {
    const html = renderToStaticMarkup(
      createElement(StatementTotals, {
        totals: { hours: 7.5, pay: '1250.50', tips: '15.00', total: '1265.50' },
      }),
    );
    expect(textOf(html)).toEqual([
      'Week totals',
      'Hours worked',
      '7.50 h',
      'Pay',
      '$1,250.50',
      'Tips',
      '$15.00',
      'Total earned',
      '$1,265.50',
    ]);
  });
});

describe('a statement’s transfer', () => {
  it('shows its status, amount, arrival and every line it pays, earlier weeks’ included', () => {
    const text = textOf(renderToStaticMarkup(createElement(TransferBox, { transfer })));
    expect(text).toEqual([
      'Weekly transfer',
      'Status',
      'Sent',
      'Amount',
      '$1,265.50',
      'Of which tips',
      '$15.00',
      'Sent',
      expect.stringMatching(/^Nov 30, 2026, 8:05\sAM$/),
      'Arrival',
      'Arrives by Dec 2, 2026',
      'What it pays',
      'Nov 24, 2026 · 100 Main St',
      '$1,100.50 + $15.00 tip',
      'Nov 18, 2026 · 9 Oak Ave',
      '$150.00',
    ]);
  });

  it('says so when the week has none', () => {
    const text = textOf(renderToStaticMarkup(createElement(TransferBox, { transfer: null })));
    expect(text).toEqual(['Weekly transfer', 'No weekly transfer was made for this week.']);
  });
});

describe('a statement’s jobs', () => {
  it('has a row per job with its pay before the tip, total and status', () => {
    const html = renderToStaticMarkup(
      createElement(StatementJobs, {
        jobs: [
          {
            payoutId: 'p1',
            bookingId: 'b1',
            date: '2026-11-24',
            address: '100 Main St',
            serviceType: 'window_washing',
            hoursWorked: 7.5,
            basePay: '1000.50',
            waitPay: '50.00',
            bonus: '200.00',
            tip: '15.00',
            total: '1265.50',
            status: 'in_transfer',
            paidBy: null,
          },
        ],
      }),
    );
    const body = textOf(html.slice(html.indexOf('<tbody>')));
    expect(body).toEqual([
      'Nov 24, 2026',
      '100 Main St',
      'window_washing',
      '7.50',
      '$1,250.50',
      '$15.00',
      '$1,265.50',
      'Being sent',
    ]);
  });
});
