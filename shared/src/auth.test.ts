import { describe, expect, it } from 'vitest';
import { emailCodeSchema, resetPasswordSchema, roleHome, signupSchema } from './auth';

describe('auth contracts', () => {
  it('normalises e-mail and an empty phone', () => {
    const parsed = signupSchema.parse({
      email: '  Ada@Example.COM ',
      password: 'correct horse',
      firstName: ' Ada ',
      lastName: 'Lovelace',
      phone: '',
    });
    expect(parsed).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', phone: null });
  });

  it('refuses short passwords with the spec hint, and codes that are not 6 digits', () => {
    const short = signupSchema.safeParse({
      email: 'a@b.co',
      password: 'short',
      firstName: 'A',
      lastName: 'B',
    });
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      expect(emailCodeSchema.safeParse({ email: 'a@b.co', code }).success, code).toBe(false);
    }
    expect(
      resetPasswordSchema.safeParse({ email: 'a@b.co', code: '123456', newPassword: '1234567' })
        .success,
    ).toBe(false);
  });

  it('sends each role to its home', () => {
    expect(
      ['client', 'provider', 'admin_owner', 'admin_staff'].map((r) => roleHome(r as never)),
    ).toEqual(['/client', '/provider', '/admin', '/admin']);
  });
});
