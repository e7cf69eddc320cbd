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
