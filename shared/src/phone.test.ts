import { describe, expect, it } from 'vitest';
import { CONTACT } from './contact';
import { e164PhoneSchema, formatPhone, PHONE_INVALID_MESSAGE, toE164 } from './phone';

describe('toE164: the one rule for numbers we text', () => {
  it('reads a US number however it is typed', () => {
    for (const typed of [
      '(612) 555-0199',
      '612-555-0199',
      '612.555.0199',
      '6125550199',
      '1 612 555 0199',
      '+1 (612) 555-0199',
      '+16125550199',
      '  612 555 0199  ',
    ]) {
      expect(toE164(typed), typed).toBe('+16125550199');
    }
  });

  it('keeps a number that says its country', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
  });

  it('finds no number in what is not one', () => {
    for (const typed of [
      '',
      '   ',
      '555-0199',
      '612555019',
      '(000) 555-0199',
      '612-555-01999',
      'call me',
      '+44 20',
      '+999 1234567',
    ]) {
      expect(toE164(typed), typed).toBeNull();
    }
  });
});

describe('e164PhoneSchema: a number as typed at a form', () => {
  it('answers E.164', () => {
    expect(e164PhoneSchema.parse(' (651) 555-0123 ')).toBe('+16515550123');
    expect(e164PhoneSchema.parse('+44 7911 123456')).toBe('+447911123456');
  });

  it('refuses an invalid number with the message the form shows', () => {
    for (const typed of ['555-0199', 'not a phone', '', 'x'.repeat(41), 42, null]) {
      const result = e164PhoneSchema.safeParse(typed);
      expect(result.success, String(typed)).toBe(false);
      // Every complaint is the form's one sentence (a long text breaks two rules, said alike).
      expect(new Set(result.error?.issues.map((i) => i.message))).toEqual(
        new Set([PHONE_INVALID_MESSAGE]),
      );
    }
  });

  it('refuses a valid number padded past 40 characters', () => {
    const padded = `612 555 0199${' '.repeat(10)}${'-'.repeat(30)}`;
    expect(e164PhoneSchema.safeParse(padded).success).toBe(false);
  });
});

describe('formatPhone', () => {
  it('writes a US number however it was typed as the site writes its own', () => {
    for (const typed of ['6125550199', '612-555-0199', '612.555.0199', ' (612) 555-0199 ']) {
      expect(formatPhone(typed)).toBe('(612) 555-0199');
    }
    expect(formatPhone('+1 612 555 0199')).toBe('(612) 555-0199');
    expect(formatPhone('16125550199')).toBe('(612) 555-0199');
    expect(formatPhone(CONTACT.phone)).toBe(CONTACT.phone);
  });

  it('leaves anything else as it was typed, only trimmed', () => {
    expect(formatPhone(' 555-0199 ')).toBe('555-0199');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('612-555-0199 ext 12')).toBe('612-555-0199 ext 12');
    expect(formatPhone('26125550199')).toBe('26125550199');
  });
});
