import type { VisitReport } from '@twinclean/shared/visit-report';
import type { Knex } from 'knex';
import type { Storage } from '../../adapters/storage/storage';
import { notFound } from '../../errors';
import type { Booking } from '../../models/booking';
import { type Reader, reportedVisit } from './access';
import { pdfPhotoIds, reportPdf } from './pdf';
import { visitReport } from './report';

export type ReportDeps = { db: Knex; storage: Storage; siteUrl: string };

/** The report's PDF as a download names it: twinclean-visit-2026-11-27.pdf (the visit's day). */
export const pdfFilename = (booking: Pick<Booking, 'scheduledDate'>) =>
  `twinclean-visit-${booking.scheduledDate}.pdf`;

/** Where this reader sees the report on the site. */
function onlineUrl(siteUrl: string, reader: Reader, bookingId: string) {
  if (reader.kind === 'token') return `${siteUrl}/visit-report/${encodeURIComponent(reader.token)}`;
  if (reader.kind === 'admin') return `${siteUrl}/admin/bookings/${bookingId}`;
  return `${siteUrl}/client/bookings/${bookingId}`;
}

/**
 * The PDF of a visit's report, its photos read from storage (never inside a transaction: the
 * caller holds none). A photo storage cannot give is drawn as an empty box, and so is one past
 * `photoBytes` in all (pdfkit embeds a JPEG as it is: eight phone photos can be 40 MB, too much
 * for an e-mail).
 */
export async function renderReport(
  deps: ReportDeps,
  booking: Booking,
  report: VisitReport,
  reader: Reader,
  photoBytes = Number.POSITIVE_INFINITY,
): Promise<Buffer> {
  const order = pdfPhotoIds(report);
  const photos = new Map<string, Buffer>();
  let budget = photoBytes;
  for (const id of order) {
    const photo = booking.photos?.find((p) => p.id === id);
    if (!photo || photo.sizeBytes > budget) continue;
    const bytes = await deps.storage.get(photo.storageKey).catch(() => null);
    if (!bytes) continue;
    budget -= bytes.length;
    photos.set(photo.id, bytes);
  }
  return reportPdf({
    report,
    photos,
    onlineUrl: onlineUrl(deps.siteUrl, reader, booking.id),
    siteUrl: deps.siteUrl,
  });
}

/** GET …/visit-report/pdf: the reader's report as a one-page PDF and its file name. */
export async function reportDocument(deps: ReportDeps, reader: Reader, now = new Date()) {
  const booking = await reportedVisit(deps.db, reader, now);
  const report = await visitReport(deps.db, booking, reader, now);
  return {
    bytes: await renderReport(deps, booking, report, reader),
    filename: pdfFilename(booking),
  };
}

/** GET /api/visit-reports/{token}/photos/{photoId}: a photo of that link's visit, no other. */
export async function reportPhoto(
  deps: ReportDeps,
  token: string,
  photoId: string,
  now = new Date(),
) {
  const booking = await reportedVisit(deps.db, { kind: 'token', token }, now);
  const photo = booking.photos?.find((p) => p.id === photoId);
  const bytes = photo ? await deps.storage.get(photo.storageKey) : null;
  if (!photo || !bytes) throw notFound('Photo');
  return { bytes, mimeType: photo.mimeType };
}
