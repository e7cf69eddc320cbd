import * as z from 'zod/mini';

// Money is integer cents everywhere but on the wire, where it is dollars with two decimals.
export function centsToDollars(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const dollarsSchema = z
  .string()
  .check(z.regex(/^-?\d+\.\d{2}$/, 'Use dollars with two decimals, like 12.50'));

export function dollarsToCents(dollars: string): number {
  const [whole = '0', fraction = '00'] = dollarsSchema.parse(dollars).replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction);
  return dollars.startsWith('-') ? -cents : cents;
}

/** Dollars as a person types them ("180", "180.5", "180.50") as cents; a schema has checked the text. */
export const enteredDollarsToCents = (text: string): number =>
  dollarsToCents(text.includes('.') ? text.padEnd(text.indexOf('.') + 3, '0') : `${text}.00`);

/** "$1,234.50" for screens. */
export function formatDollars(cents: number): string {
  const [whole = '0', fraction] = centsToDollars(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/** "$45" for whole dollars, else "$45.50": prices in running text and limits in messages. */
export const formatShortDollars = (cents: number): string =>
  formatDollars(cents).replace(/\.00$/, '');

/** "$1,234.50" for an amount as the wire carries it ("1234.50"). */
export const formatWireDollars = (dollars: string): string =>
  formatDollars(dollarsToCents(dollars));
