import { dollarsToCents, formatDollars, formatWireDollars } from '@twinclean/shared/money';
import {
  type Statement,
  type StatementJob,
  TRANSFER_STATUS_LABELS,
} from '@twinclean/shared/payout-transfers';
import { formatDate } from '@twinclean/shared/schedule';
import { serviceTitle, serviceTypeSchema } from '@twinclean/shared/services';
import PDFDocument from 'pdfkit';

// A week's earnings statement as a Letter PDF: what the provider keeps for their records (and
// their taxes). One page for a usual week; a long week flows onto more pages, the table's
// header repeated. Every text box has a height, so nothing spills past its row.

const PAGE = { width: 612, height: 792, margin: 36 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin;
const ROW_H = 15;
const GREY = '#475569';
const INK = '#0f172a';

export const CONTRACTOR_NOTE =
  'Amounts paid to you as an independent contractor; TwinClean does not withhold taxes.';

export type StatementPdfInput = { statement: Statement; providerName: string };

type Doc = PDFKit.PDFDocument;

function serviceText(serviceType: string): string {
  const known = serviceTypeSchema.safeParse(serviceType);
  return known.success ? serviceTitle(known.data) : serviceType;
}

/** Hours, wait pay and bonus. */
const jobPay = (job: StatementJob) =>
  formatDollars(
    dollarsToCents(job.basePay) + dollarsToCents(job.waitPay) + dollarsToCents(job.bonus),
  );

function statusText(job: StatementJob): string {
  if (job.status === 'paid') return job.paidBy === 'hand' ? 'Paid by hand' : 'Paid by transfer';
  if (job.status === 'in_transfer') return 'Being sent';
  if (job.status === 'review') return 'Being reviewed';
  return 'Pending';
}

/** Columns of the jobs table: title, width, and how a job fills it. */
const COLUMNS: { title: string; width: number; cell: (job: StatementJob) => string }[] = [
  { title: 'Date', width: 70, cell: (job) => formatDate(job.date) },
  { title: 'Job', width: 170, cell: (job) => `${serviceText(job.serviceType)} · ${job.address}` },
  { title: 'Hours', width: 40, cell: (job) => job.hoursWorked.toFixed(2) },
  { title: 'Pay', width: 62, cell: jobPay },
  { title: 'Tip', width: 52, cell: (job) => formatWireDollars(job.tip) },
  { title: 'Total', width: 62, cell: (job) => formatWireDollars(job.total) },
  { title: 'Status', width: 84, cell: (job) => statusText(job) },
];

function line(doc: Doc, text: string, x: number, y: number, width: number, size = 9) {
  doc
    .fontSize(size)
    .text(text, x, y, { width, height: size + 3, ellipsis: true, lineBreak: false });
}

/** Room for `height` more below y, else a new page: where to draw next. */
function room(doc: Doc, y: number, height: number): number {
  if (y + height <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

function header(doc: Doc, { statement, providerName }: StatementPdfInput): number {
  doc.fillColor(INK).font('Helvetica-Bold');
  line(doc, 'TwinClean earnings statement', PAGE.margin, PAGE.margin, WIDTH, 18);
  doc.font('Helvetica').fillColor(INK);
  line(doc, providerName, PAGE.margin, PAGE.margin + 26, WIDTH, 11);
  doc.fillColor(GREY);
  const week = `Week of ${formatDate(statement.weekStart)} – ${formatDate(statement.weekEnd)}`;
  line(doc, week, PAGE.margin, PAGE.margin + 42, WIDTH, 10);
  return PAGE.margin + 66;
}

function tableHead(doc: Doc, y: number): number {
  doc.font('Helvetica-Bold').fillColor(INK);
  let x = PAGE.margin;
  for (const column of COLUMNS) {
    line(doc, column.title, x, y, column.width - 4);
    x += column.width;
  }
  doc
    .moveTo(PAGE.margin, y + ROW_H - 3)
    .lineTo(PAGE.margin + WIDTH, y + ROW_H - 3)
    .strokeColor('#cbd5e1')
    .stroke();
  return y + ROW_H;
}

function jobsTable(doc: Doc, statement: Statement, top: number): number {
  doc.font('Helvetica-Bold').fillColor(INK);
  line(doc, 'Jobs', PAGE.margin, top, WIDTH, 12);
  let y = top + 18;
  if (statement.jobs.length === 0) {
    doc.font('Helvetica').fillColor(GREY);
    line(doc, 'No jobs this week.', PAGE.margin, y, WIDTH);
    return y + 22;
  }
  y = tableHead(doc, y);
  for (const job of statement.jobs) {
    const next = room(doc, y, ROW_H);
    if (next !== y) y = tableHead(doc, next);
    doc.font('Helvetica').fillColor(INK);
    let x = PAGE.margin;
    for (const column of COLUMNS) {
      line(doc, column.cell(job), x, y, column.width - 4);
      x += column.width;
    }
    y += ROW_H;
  }
  return y + 8;
}

function facts(doc: Doc, title: string, rows: [string, string][], top: number): number {
  let y = room(doc, top, 18 + rows.length * ROW_H);
  doc.font('Helvetica-Bold').fillColor(INK);
  line(doc, title, PAGE.margin, y, WIDTH, 12);
  y += 18;
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fillColor(INK);
    line(doc, label, PAGE.margin, y, 120);
    doc.font('Helvetica').fillColor(INK);
    line(doc, value, PAGE.margin + 122, y, WIDTH - 122);
    y += ROW_H;
  }
  return y + 8;
}

function totals(doc: Doc, statement: Statement, top: number): number {
  const t = statement.totals;
  return facts(
    doc,
    'Totals',
    [
      ['Hours', t.hours.toFixed(2)],
      ['Pay', formatWireDollars(t.pay)],
      ['Tips', formatWireDollars(t.tips)],
      ['Total earned', formatWireDollars(t.total)],
    ],
    top,
  );
}

function transferBox(doc: Doc, statement: Statement, top: number): number {
  const transfer = statement.transfer;
  if (!transfer) {
    return facts(doc, 'Weekly transfer', [['Status', 'No transfer for this week']], top);
  }
  const rows: [string, string][] = [
    ['Status', TRANSFER_STATUS_LABELS[transfer.status]],
    ['Amount', formatWireDollars(transfer.amount)],
    ['Of which tips', formatWireDollars(transfer.tips)],
    ['Arrives by', transfer.arrivalDate ? formatDate(transfer.arrivalDate) : 'Not sent yet'],
  ];
  for (const l of transfer.lines) {
    const tip = Number(l.tip) > 0 ? ` + tip ${formatWireDollars(l.tip)}` : '';
    rows.push([formatDate(l.date), `${l.address}: ${formatWireDollars(l.pay)}${tip}`]);
  }
  return facts(doc, 'Weekly transfer', rows, top);
}

/** The statement as a PDF. */
export function statementPdf(input: StatementPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: { Title: 'TwinClean earnings statement', Author: 'TwinClean' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = header(doc, input);
  y = jobsTable(doc, input.statement, y);
  y = totals(doc, input.statement, y);
  y = transferBox(doc, input.statement, y);
  y = room(doc, y, 24);
  doc.font('Helvetica').fillColor(GREY);
  doc.fontSize(9).text(CONTRACTOR_NOTE, PAGE.margin, y, { width: WIDTH, height: 24 });
  doc.end();
  return done;
}
