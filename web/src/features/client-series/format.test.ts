import { describe, expect, it } from 'vitest';
import {
  canChangeVisit,
  cleanerLine,
  homeName,
  isActive,
  scheduleLine,
  shownVisits,
  visitPlace,
} from './format';

const visit = (status: string, withRegularProvider = true, scheduledDate = '2026-03-03') => ({
  bookingId: `b-${scheduledDate}`,
  scheduledDate,
  scheduledTime: '09:00',
  status,
  visitNumber: 2,
  withRegularProvider,
});

describe('client series format', () => {
  it('says the rhythm, weekday and time', () => {
    expect(scheduleLine({ label: 'Every 2 weeks', weekday: 2, scheduledTime: '09:00' })).toBe(
      'Every 2 weeks on Tuesday at 9:00 AM',
    );
    expect(scheduleLine({ label: 'Every week', weekday: 0, scheduledTime: '13:00' })).toBe(
      'Every week on Sunday at 1:00 PM',
    );
  });

  it('names the regular cleaner, or says one is being found', () => {
    expect(cleanerLine('Maria')).toBe('Your regular cleaner: Maria');
    expect(cleanerLine(null)).toBe('Finding your regular cleaner');
  });

  it('says where a visit is', () => {
    expect(visitPlace(visit('assigned'))).toBe('with your regular cleaner');
    expect(visitPlace(visit('pending_assignment', false))).toBe('on the job board');
    expect(visitPlace(visit('assigned', false))).toBe('with another cleaner');
  });

  it('offers skip and move only for visits not started or canceled', () => {
    expect(canChangeVisit(visit('pending_assignment'))).toBe(true);
    expect(canChangeVisit(visit('fully_paid'))).toBe(true);
    for (const status of ['en_route', 'in_progress', 'completed', 'canceled']) {
      expect(canChangeVisit(visit(status))).toBe(false);
    }
  });

  it('names a home by its label, else its address', () => {
    const home = { id: 'h1', label: 'Lake house', address: '4420 Upton Ave S, Minneapolis' };
    expect(homeName(home)).toBe('Lake house');
    expect(homeName({ ...home, label: '' })).toBe('4420 Upton Ave S, Minneapolis');
  });

  it('leaves out the visits a pause canceled, not a skipped one after it', () => {
    const upcoming = [
      visit('canceled', true, '2026-03-03'),
      visit('assigned', true, '2026-03-10'),
      visit('canceled', true, '2026-03-17'),
      visit('assigned', true, '2026-03-24'),
    ];
    const dates = (pausedUntil: string | null) =>
      shownVisits({ upcoming, pausedUntil }).map((v) => v.scheduledDate);
    expect(dates(null)).toEqual(['2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24']);
    expect(dates('2026-03-17')).toEqual(['2026-03-10', '2026-03-17', '2026-03-24']);
  });

  it('treats a canceled series as history', () => {
    expect(isActive({ canceledAt: null })).toBe(true);
    expect(isActive({ canceledAt: '2026-03-01T12:00:00.000Z' })).toBe(false);
  });
});
