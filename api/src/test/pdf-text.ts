import { inflateSync } from 'node:zlib';

/** How many pages a PDF has: its page objects (pdfkit writes no object streams). */
export const pdfPageCount = (pdf: Buffer) =>
  (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;

/** How many images it embeds (XObjects of subtype Image). */
export const pdfImageCount = (pdf: Buffer) =>
  (pdf.toString('latin1').match(/\/Subtype \/Image\b/g) ?? []).length;

/**
 * The text pdfkit drew with its standard fonts: every content stream inflated, and the hex
 * strings of its text operators decoded (WinAnsi ≈ latin1), joined line by line.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // an image, not a content stream
    }
    for (const op of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...(op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
