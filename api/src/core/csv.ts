// CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds
// a comma, a quote or a line break, quotes doubled inside. The payouts file is built whole, the
// bookings file streamed a line at a time; both are written here.

/** A cell: text we were given (names, addresses), a number we computed, or nothing. */
export type Cell = string | number | null;

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"):
// a client named "=HYPERLINK(…)" must reach the accountant as text.
const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: Cell): string {
  if (cell === null) return '';
  // Numbers are ours, never a formula; a negative longitude stays a number.
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row, its line end included. */
export const csvLine = (row: readonly Cell[]): string => `${row.map(field).join(',')}\r\n`;

/**
 * The file's start: a byte-order mark (Excel reads the file as UTF-8 only with it, else "Zoë"
 * arrives garbled), then the header row.
 */
export const csvHeader = (header: readonly string[]): string => `\uFEFF${csvLine(header)}`;

/** The whole file: the header, then one line per row. */
export const toCsv = (header: readonly string[], rows: readonly (readonly Cell[])[]): string =>
  csvHeader(header) + rows.map(csvLine).join('');
