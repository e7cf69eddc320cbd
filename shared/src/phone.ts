import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as z from 'zod/mini';

/** Only digits and the marks people type between them: anything else is kept as typed. */
const PHONE_CHARACTERS = /^[\d\s().+-]+$/;

/**
 * "(612) 555-0199", as the site writes its own number (CONTACT.phone), for a US number however
 * it was typed; any other text is shown as typed, trimmed, since it may say what digits cannot.
 */
export function formatPhone(phone: string): string {
  const typed = phone.trim();
  if (!PHONE_CHARACTERS.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return typed;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** Why a number cannot take text messages, said at the form (ours). */
export const PHONE_INVALID_MESSAGE = 'Enter a valid US mobile number, like (612) 555-0199';

/**
 * A phone number as E.164 ("+16125550199"), read as a US number unless it starts with "+";
 * null when libphonenumber-js does not find a valid number in it. The one rule for numbers we
 * text: the form, the API and the SMS adapter all use it.
 */
export function toE164(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/** A number for text messages as typed at a form: checked, and answered as E.164. */
export const e164PhoneSchema = z.pipe(
  z.string(PHONE_INVALID_MESSAGE).check(
    z.trim(),
    z.maxLength(40, PHONE_INVALID_MESSAGE),
    z.refine((typed) => toE164(typed) !== null, PHONE_INVALID_MESSAGE),
  ),
  z.transform((typed) => toE164(typed) as string),
);
