import { describe, expect, it } from 'vitest';
import { splitBookings } from './client-bookings';

describe('splitBookings', () => {
  it('keeps canceled bookings out of upcoming and past, whatever their date', () => {
    const bookings = [
      { id: 'ahead', status: 'assigned', future: true },
      { id: 'done early', status: 'completed', future: true },
      { id: 'gone by', status: 'assigned', future: false },
      { id: 'canceled ahead', status: 'canceled', future: true },
      { id: 'canceled before', status: 'canceled', future: false },
    ] as const;
    const split = splitBookings(bookings, (b) => b.future);
    expect({
      upcoming: split.upcoming.map((b) => b.id),
      past: split.past.map((b) => b.id),
      canceled: split.canceled.map((b) => b.id),
    }).toEqual({
      upcoming: ['ahead'],
      past: ['done early', 'gone by'],
      canceled: ['canceled ahead', 'canceled before'],
    });
  });
});
