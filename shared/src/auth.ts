import * as z from 'zod/mini';
import { type Role, roleSchema, subscriptionTypeSchema } from './roles';

/** GET /api/auth/user: the signed-in user as every screen reads it. */
export const currentUserSchema = z.object({
  id: z.string().check(z.uuid()),
  email: z.string().check(z.email()),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  role: roleSchema,
  // Older sessions may lack it; the spec treats absent as none.
  subscriptionType: z.catch(subscriptionTypeSchema, 'none'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// DECISIONS.md "Auth": passwords ≥ 8 characters, codes of 6 digits.
export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 6;

const email = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(254, 'Email is too long'),
      z.email('Enter a valid email address'),
    ),
  z.transform((value) => value.toLowerCase()),
);
const password = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters'),
    z.maxLength(256, 'Password is too long'),
  );
const code = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code'));
const name = (label: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(100, `${label} is too long`),
    );

export const signupSchema = z.object({
  email,
  password,
  firstName: name('First name'),
  lastName: name('Last name'),
  // Null accepted too: a form sends the values this schema gave it, and an empty phone is null.
  phone: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(30, 'Phone is too long'))),
    z.transform((value) => value || null),
  ),
});
export type SignupInput = z.input<typeof signupSchema>;

export const signupResultSchema = z.object({
  message: z.string(),
  emailSent: z.boolean(),
  // Only outside production, when no mailer could deliver the code.
  verificationCode: z.optional(z.string()),
});
export type SignupResult = z.infer<typeof signupResultSchema>;

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(256)),
});
export const emailOnlySchema = z.object({ email });
export const emailCodeSchema = z.object({ email, code });
export const resetPasswordSchema = z.object({ email, code, newPassword: password });

/** GET /api/auth/options: what the login page can offer. */
export const authOptionsSchema = z.object({ google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** Where each role lands after signing in. */
export function roleHome(role: Role): string {
  if (role === 'client') return '/client';
  if (role === 'provider') return '/provider';
  return '/admin';
}
