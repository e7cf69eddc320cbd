import { chicagoDate, formatClock, formatDate, formatInstant } from '@twinclean/shared/schedule';
import type { VisitReport } from '@twinclean/shared/visit-report';
import PDFDocument from 'pdfkit';

// The printable report: one Letter page, always. Every text box has a height (pdfkit then cuts it
// with an ellipsis instead of starting a page), photos are scaled into their cells, and what does
// not fit is counted ("2 more photos in the online report"). Helvetica is one of the PDF's own
// fonts, so nothing is embedded and the file stays small.

const PAGE = { width: 612, height: 792, margin: 36 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const FOOTER_H = 24;
/** Before/after pairs drawn: two pairs a row, two rows. */
const MAX_PAIRS = 4;
const CELL_GAP = 8;
/** A photo cell's height, its label included. */
const CELL_H = 150;
const LABEL_H = 12;
const GREY = '#475569';
const INK = '#0f172a';

export type PdfInput = {
  report: VisitReport;
  /** The bytes of the photos to draw, by id; a missing or unreadable one is drawn as a box. */
  photos: ReadonlyMap<string, Buffer>;
  /** Where this reader sees the whole report online. */
  onlineUrl: string;
  /** The site's address, for the rating link. */
  siteUrl: string;
};

type Doc = PDFKit.PDFDocument;

/**
 * The before/after photos: a task's photo (taken mid-visit, stored as 'before') belongs to its
 * task online, not in a pair here, where it would shift every pair after it.
 */
const pairedPhotos = (report: VisitReport) => ({
  before: report.photos.before.filter((p) => p.checklistItemKey === null),
  after: report.photos.after.filter((p) => p.checklistItemKey === null),
});

/** The photos the PDF draws: the first pairs, in order. */
export function pdfPhotoIds(report: VisitReport): string[] {
  const ids: string[] = [];
  const { before, after } = pairedPhotos(report);
  for (let i = 0; i < MAX_PAIRS; i++) {
    for (const side of [before[i], after[i]]) if (side) ids.push(side.id);
  }
  return ids;
}

const where = (fact: NonNullable<VisitReport['arrival']>) =>
  fact.geofenceVerified
    ? `Location verified${fact.distanceM === null ? '' : ` (${fact.distanceM} m from the home)`}`
    : `Location not verified: ${fact.unverifiedReason ?? 'no reason recorded'}`;

const hours = (h: number) => `${Number(h.toFixed(2))} h`;

/** The report's facts as label and value lines. */
function facts({ report, siteUrl }: PdfInput): [string, string][] {
  const rows: [string, string][] = [['Cleaner', report.cleanerFirstName ?? 'Not assigned']];
  if (report.onMyWay) {
    const eta = report.onMyWay.etaAt
      ? ` (estimated arrival ${formatClock(new Date(report.onMyWay.etaAt))})`
      : '';
    rows.push(['On my way', `${formatClock(new Date(report.onMyWay.at))}${eta}`]);
  }
  if (report.arrival)
    rows.push([
      'Arrived',
      `${formatClock(new Date(report.arrival.at))} · ${where(report.arrival)}`,
    ]);
  if (report.departure)
    rows.push([
      'Left',
      `${formatClock(new Date(report.departure.at))} · ${where(report.departure)}`,
    ]);
  if (report.workedHours !== null)
    rows.push([
      'Time worked',
      report.bookedHours === null
        ? hours(report.workedHours)
        : `${hours(report.workedHours)} of ${hours(report.bookedHours)} booked`,
    ]);
  const { stars, url } = report.rating;
  rows.push([
    'Rating',
    stars !== null
      ? `${stars} of 5 stars`
      : url
        ? `Not rated yet. Rate this visit: ${siteUrl}${url}`
        : 'Not rated',
  ]);
  const given = report.tips.given.map(
    (t) => `$${t.amount}${Number(t.refunded) > 0 ? ` ($${t.refunded} refunded)` : ''}`,
  );
  rows.push(['Tips', given.length ? given.join(', ') : 'None']);
  return rows;
}

/** One line of text, cut with an ellipsis at the width: it can never spill onto a page 2. */
function line(doc: Doc, text: string, x: number, y: number, width: number, size = 10) {
  doc.fontSize(size).text(text, x, y, { width, height: size + 3, ellipsis: true });
}

function header(doc: Doc, report: VisitReport): number {
  doc.fillColor(INK).font('Helvetica-Bold');
  line(doc, 'TwinClean visit report', PAGE.margin, PAGE.margin, WIDTH, 18);
  doc.font('Helvetica').fillColor(GREY);
  const visit = `${report.serviceLabel} · ${formatInstant(report.scheduledAt)}`;
  line(doc, visit, PAGE.margin, PAGE.margin + 24, WIDTH, 10);
  line(doc, report.address, PAGE.margin, PAGE.margin + 38, WIDTH, 10);
  return PAGE.margin + 58;
}

function factTable(doc: Doc, input: PdfInput, top: number): number {
  let y = top;
  for (const [label, value] of facts(input)) {
    doc.font('Helvetica-Bold').fillColor(INK);
    line(doc, label, PAGE.margin, y, 90);
    doc.font('Helvetica').fillColor(INK);
    line(doc, value, PAGE.margin + 92, y, WIDTH - 92);
    y += 15;
  }
  return y + 6;
}

/** A photo scaled into its cell; `taken` false when this side of the pair has none. */
function photoCell(
  doc: Doc,
  cell: { taken: boolean; bytes: Buffer | undefined },
  label: string,
  x: number,
  y: number,
) {
  const { bytes } = cell;
  const w = (WIDTH - 3 * CELL_GAP) / 4;
  const h = CELL_H;
  doc.font('Helvetica-Bold').fillColor(GREY);
  line(doc, label, x, y, w, 8);
  const box = { x, y: y + LABEL_H, w, h: h - LABEL_H };
  if (bytes) {
    try {
      doc.image(bytes, box.x, box.y, { fit: [box.w, box.h], align: 'center', valign: 'center' });
      return;
    } catch {
      // A photo pdfkit cannot read (WebP, HEIC, a damaged file): its box says so below.
    }
  }
  doc.rect(box.x, box.y, box.w, box.h).strokeColor('#cbd5e1').stroke();
  doc.font('Helvetica').fillColor(GREY);
  line(doc, cell.taken ? 'See online' : 'No photo', box.x + 4, box.y + box.h / 2 - 5, box.w - 8, 8);
}

function photoGrid(doc: Doc, { report, photos }: PdfInput, top: number): number {
  const { before, after } = pairedPhotos(report);
  const pairs = Math.max(before.length, after.length);
  doc.font('Helvetica-Bold').fillColor(INK);
  line(doc, 'Before and after', PAGE.margin, top, WIDTH, 12);
  let y = top + 18;
  if (pairs === 0) {
    doc.font('Helvetica').fillColor(GREY);
    line(doc, 'No before or after photos were taken.', PAGE.margin, y, WIDTH);
    return y + 20;
  }
  const shown = Math.min(pairs, MAX_PAIRS);
  const cellW = (WIDTH - 3 * CELL_GAP) / 4;
  for (let i = 0; i < shown; i++) {
    const x = PAGE.margin + (i % 2) * 2 * (cellW + CELL_GAP);
    const rowY = y + Math.floor(i / 2) * (CELL_H + CELL_GAP);
    const b = before[i];
    const a = after[i];
    photoCell(doc, { taken: !!b, bytes: b && photos.get(b.id) }, `Before ${i + 1}`, x, rowY);
    photoCell(
      doc,
      { taken: !!a, bytes: a && photos.get(a.id) },
      `After ${i + 1}`,
      x + cellW + CELL_GAP,
      rowY,
    );
  }
  y += Math.ceil(shown / 2) * (CELL_H + CELL_GAP);
  const more = before.length + after.length - pdfPhotoIds(report).length;
  if (more > 0) {
    doc.font('Helvetica').fillColor(GREY);
    line(
      doc,
      `${more} more photo${more === 1 ? '' : 's'} in the online report`,
      PAGE.margin,
      y,
      WIDTH,
      9,
    );
    y += 14;
  }
  return y + 4;
}

/** The checklist's sections in two columns, in the room left above the footer. */
function checklist(doc: Doc, report: VisitReport, top: number) {
  const list = report.checklist;
  if (!list) return;
  const limit = BOTTOM - FOOTER_H;
  doc.font('Helvetica-Bold').fillColor(INK);
  if (top + 16 > limit) return;
  line(doc, `Checklist: ${list.done} of ${list.total} tasks done`, PAGE.margin, top, WIDTH, 12);
  const colW = (WIDTH - CELL_GAP) / 2;
  const blockH = 34;
  const rows = Math.floor((limit - top - 18) / blockH);
  const fits = Math.max(0, rows * 2);
  const sections = list.sections.slice(0, list.sections.length > fits ? fits - 1 : fits);
  sections.forEach((section, i) => {
    const x = PAGE.margin + (i % 2) * (colW + CELL_GAP);
    const y = top + 18 + Math.floor(i / 2) * blockH;
    const done = section.items.filter((item) => item.done).length;
    doc.font('Helvetica-Bold').fillColor(INK);
    line(doc, `${section.label}: ${done} of ${section.items.length} done`, x, y, colW, 9);
    const open = section.items.filter((item) => !item.done).map((item) => item.task);
    doc.font('Helvetica').fillColor(GREY);
    const text = open.length ? `Not done: ${open.join('; ')}` : 'All done';
    doc.fontSize(8).text(text, x, y + 12, { width: colW, height: 20, ellipsis: true });
  });
  const rest = list.sections.length - sections.length;
  if (rest > 0) {
    const i = sections.length;
    doc.font('Helvetica').fillColor(GREY);
    const x = PAGE.margin + (i % 2) * (colW + CELL_GAP);
    const y = top + 18 + Math.floor(i / 2) * blockH;
    line(doc, `${rest} more section${rest === 1 ? '' : 's'} in the online report`, x, y, colW, 9);
  }
}

function footer(doc: Doc, input: PdfInput) {
  doc.font('Helvetica').fillColor(GREY);
  line(doc, `The full report online: ${input.onlineUrl}`, PAGE.margin, BOTTOM - 20, WIDTH, 8);
  const day = formatDate(chicagoDate(new Date(input.report.scheduledAt)));
  line(doc, `TwinClean, Minneapolis–St Paul · Visit of ${day}`, PAGE.margin, BOTTOM - 9, WIDTH, 8);
}

/** The report as a one-page PDF. */
export function reportPdf(input: PdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: { Title: `TwinClean visit report`, Author: 'TwinClean' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = header(doc, input.report);
  y = factTable(doc, input, y);
  y = photoGrid(doc, input, y);
  checklist(doc, input.report, y);
  footer(doc, input);
  doc.end();
  return done;
}
