import { createHash, randomInt } from 'node:crypto';

// A gift card's code is a bearer secret (whoever has it spends it): 12 characters from an
// alphabet without look-alikes (no 0/O, 1/I), about 60 bits, e-mailed as ABCD-EFGH-JKLM. The
// database keeps its hash to find it and a sealed copy to e-mail it on the delivery day.

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 12;

export function newGiftCardCode(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** As printed in the e-mail: groups of four. */
export const printedCode = (code: string) => (code.match(/.{1,4}/g) ?? []).join('-');

/** The code as the forms send it (giftCardCodeField: upper-case, no spaces or dashes). */
export const giftCardHash = (code: string) => createHash('sha256').update(code).digest('hex');
