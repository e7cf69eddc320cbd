import { describe, expect, it } from 'vitest';
import { CONTACT } from './contact';
import { formatPhone } from './phone';

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
