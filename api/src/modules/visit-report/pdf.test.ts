import type { VisitReport } from '@twinclean/shared/visit-report';
import { describe, expect, it } from 'vitest';
import { pdfImageCount, pdfPageCount, pdfText } from '../../test/pdf-text';
import { REAL_JPEG, REAL_PNG } from '../../test/report-photos';
import { pdfPhotoIds, reportPdf } from './pdf';

const photo = (id: string) => ({
  id,
  url: `/api/photos/${id}`,
  width: 48,
  height: 36,
  checklistItemKey: null,
});

/** A report with more of everything than a page holds. */
function bigReport(): VisitReport {
  const sections = Array.from({ length: 14 }, (_, s) => ({
    key: `bedroom_${s + 1}`,
    label: `Bedroom ${s + 1}`,
    items: Array.from({ length: 20 }, (_, i) => ({
      key: `bedroom_${s + 1}:${i}`,
      task: `A rather long task description number ${i} that goes on and on`,
      done: i % 3 === 0,
      at: null,
      photoIds: [],
    })),
  }));
  return {
    bookingId: 'b1',
    serviceLabel: 'House Cleaning',
    scheduledAt: '2026-11-27T15:00:00.000Z',
    address: `${'Very long street name '.repeat(8)}, Minneapolis`,
    cleanerFirstName: 'Mariabelle',
    onMyWay: { at: '2026-11-27T14:40:00.000Z', etaAt: '2026-11-27T15:05:00.000Z' },
    arrival: {
      at: '2026-11-27T15:02:00.000Z',
      geofenceVerified: true,
      distanceM: 35,
      unverifiedReason: null,
    },
    departure: {
      at: '2026-11-27T18:01:00.000Z',
      geofenceVerified: false,
      distanceM: null,
      unverifiedReason: 'No location from the device',
    },
    bookedHours: 3,
    workedHours: 2.98,
    checklist: { version: 1, sections, done: 98, total: 280 },
    photos: {
      before: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map(photo),
      after: ['q1', 'q2', 'q3', 'q4', 'q5'].map(photo),
    },
    rating: { url: '/rate/abc_def', stars: null },
    tips: {
      given: [{ amount: '20.00', at: '2026-11-27T19:00:00.000Z', refunded: '5.00' }],
      offer: null,
    },
    pdfUrl: '/api/bookings/b1/visit-report/pdf',
    linkExpiresAt: null,
  };
}

describe('the visit report PDF', () => {
  it('fits everything on one page: the facts, four photo pairs drawn, the rest counted', async () => {
    const report = bigReport();
    const photos = new Map<string, Buffer>();
    for (const [i, id] of ['p1', 'q1', 'p2', 'q2', 'p3', 'q3', 'p4', 'q4'].entries()) {
      photos.set(id, i % 2 ? REAL_PNG : REAL_JPEG);
    }
    const pdf = await reportPdf({
      report,
      photos,
      onlineUrl: 'https://twinclean.test/client/bookings/b1',
      siteUrl: 'https://twinclean.test',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    // The JPEGs embed once each as they are; each PNG adds its image (and no alpha mask: grey).
    expect(pdfImageCount(pdf)).toBe(8);
    const text = pdfText(pdf);
    expect(text).toContain('Mariabelle');
    expect(text).toContain('Location verified (35 m from the home)');
    expect(text).toContain('Location not verified: No location from the device');
    expect(text).toContain('2.98 h of 3 h booked');
    expect(text).toContain('Checklist: 98 of 280 tasks done');
    expect(text).toContain('3 more photos in the online report');
    expect(text).toMatch(/\d+ more sections in the online report/);
    expect(text).toContain('$20.00 ($5.00 refunded)');
    expect(text).toContain('Rate this visit: https://twinclean.test/rate/abc_def');
  });

  it('draws a box for a photo it cannot read, and says when there are no photos', async () => {
    const report = bigReport();
    report.photos = { before: [photo('p1')], after: [] };
    const broken = await reportPdf({
      report,
      photos: new Map([['p1', Buffer.from('RIFF0000WEBPVP8 not really')]]),
      onlineUrl: 'https://twinclean.test/x',
      siteUrl: 'https://twinclean.test',
    });
    expect(pdfPageCount(broken)).toBe(1);
    expect(pdfImageCount(broken)).toBe(0);
    expect(pdfText(broken)).toContain('See online');

    // A task's photo is not a before photo of a pair: with only that, no pair is drawn.
    report.photos = { before: [{ ...photo('p2'), checklistItemKey: 'kitchen:0' }], after: [] };
    report.checklist = null;
    expect(pdfPhotoIds(report)).toEqual([]);
    const none = await reportPdf({
      report,
      photos: new Map([['p2', REAL_JPEG]]),
      onlineUrl: 'https://twinclean.test/x',
      siteUrl: 'https://twinclean.test',
    });
    expect(pdfImageCount(none)).toBe(0);
    expect(pdfText(none)).toContain('No before or after photos were taken.');
  });
});
