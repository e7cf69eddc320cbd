import { describe, expect, it } from 'vitest';
import { csvHeader, csvLine, toCsv } from './csv';

describe('CSV', () => {
  it('quotes what needs quoting, doubles quotes, and ends every line with CRLF', () => {
    const csv = toCsv(['Name', 'Address'], [['Ann', '1 Main St, Apt "B"\nBack door']]);
    expect(csv).toBe('\uFEFFName,Address\r\nAnn,"1 Main St, Apt ""B""\nBack door"\r\n');
  });

  it('keeps text a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    const rows = [['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx', -93.265, null, '0.50']];
    expect(toCsv(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], rows).split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""http://x"")",'+1,'-2,'@SUM(A1),'\tx,-93.265,,0.50`,
    );
  });

  it('is just the header for no rows', () => {
    expect(toCsv(['Only'], [])).toBe('\uFEFFOnly\r\n');
  });

  it('writes a streamed file a piece at a time: the marked header, then a line per row', () => {
    expect(csvHeader(['Name', 'Hours'])).toBe('\uFEFFName,Hours\r\n');
    expect(csvLine(['-Edina', null, -2.5, 'a,b'])).toBe(`'-Edina,,-2.5,"a,b"\r\n`);
  });
});
