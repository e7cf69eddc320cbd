import { describe, expect, it } from 'vitest';
import {
  jobPay,
  jobStatusLabel,
  jobsCount,
  nextTransferText,
  paidThisYear,
  serviceText,
  statementPdfUrl,
  statementTitle,
  transferText,
  weekRange,
} from './statement-text';

describe('the next weekly transfer', () => {
  it('reads as its Chicago day and time, in standard and daylight time alike', () => {
    // 8:00 AM in Chicago is 14:00 UTC in December (CST) and 13:00 UTC in July (CDT).
    expect(nextTransferText('2026-12-07T14:00:00.000Z')).toBe('Monday, Dec 7, 8:00 AM');
    expect(nextTransferText('2026-07-06T13:00:00.000Z')).toBe('Monday, Jul 6, 8:00 AM');
  });

  it('keeps the Chicago day when UTC has already moved to the next one', () => {
    // Monday 7:30 PM in Chicago is Tuesday 01:30 UTC.
    expect(nextTransferText('2026-12-08T01:30:00.000Z')).toBe('Monday, Dec 7, 7:30 PM');
  });
});

describe('paid this year', () => {
  const years = [
    { year: 2025, paid: '610.00' },
    { year: 2026, paid: '12345.50' },
  ];

  it('is the Chicago calendar year’s total, grouped', () => {
    expect(paidThisYear(years, new Date('2026-06-01T12:00:00Z'))).toBe('$12,345.50');
  });

  it('stays on last year until midnight in Chicago, and is $0.00 before anything is paid', () => {
    // 03:00 UTC on January 1st is still December 31st, 9 PM, in Chicago.
    expect(paidThisYear(years, new Date('2027-01-01T03:00:00Z'))).toBe('$12,345.50');
    expect(paidThisYear(years, new Date('2027-01-01T07:00:00Z'))).toBe('$0.00');
  });
});

describe('a week of the statements list', () => {
  it('names its Monday to Sunday, the year written once unless the week spans two', () => {
    expect(weekRange('2026-11-23', '2026-11-29')).toBe('Nov 23 – Nov 29, 2026');
    expect(weekRange('2026-12-28', '2027-01-03')).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(statementTitle('2026-11-23')).toBe('Statement for the week of Nov 23, 2026');
  });

  it('says how its transfer stands and when a sent one arrives', () => {
    expect(transferText({ status: 'paid', arrivalDate: '2026-12-02' })).toBe(
      'Sent · Arrives by Dec 2, 2026',
    );
    expect(transferText({ status: 'pending', arrivalDate: null })).toBe('Sending');
    expect(transferText({ status: 'failed', arrivalDate: null })).toBe('Delayed');
    expect(transferText({ status: 'canceled', arrivalDate: null })).toBe('Canceled');
  });

  it('counts jobs in words', () => {
    expect(jobsCount(1)).toBe('1 job');
    expect(jobsCount(0)).toBe('0 jobs');
    expect(jobsCount(4)).toBe('4 jobs');
  });
});

describe('a job on a statement', () => {
  it('pays its hours, wait pay and bonus before the tip', () => {
    expect(jobPay({ basePay: '1000.50', waitPay: '12.25', bonus: '20.00' })).toBe('$1,032.75');
  });

  it('says how it was paid, or why not yet', () => {
    expect(jobStatusLabel({ status: 'paid', paidBy: 'transfer' })).toBe('Paid by transfer');
    expect(jobStatusLabel({ status: 'paid', paidBy: 'hand' })).toBe('Paid by hand');
    expect(jobStatusLabel({ status: 'in_transfer', paidBy: null })).toBe('Being sent');
    expect(jobStatusLabel({ status: 'review', paidBy: null })).toBe('Being reviewed');
    expect(jobStatusLabel({ status: 'pending', paidBy: null })).toBe('Pending');
  });

  it('names its service, or the API’s word for one this app does not know', () => {
    expect(serviceText('house')).not.toBe('house');
    expect(serviceText('window_washing')).toBe('window_washing');
  });
});

it('downloads the PDF from the API', () => {
  expect(statementPdfUrl('2026-11-23')).toBe('/api/provider/statements/2026-11-23/pdf');
});
