import { z } from 'zod';
import { type Role, roleSchema, subscriptionTypeSchema } from './roles';

/** GET /api/auth/user: the signed-in user as every screen reads it. */
export const currentUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string().email(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  // Older sessions may lack it; the spec treats absent as none.
  subscriptionType: subscriptionTypeSchema.catch('none'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// DECISIONS.md "Auth": passwords ≥ 8 characters, codes of 6 digits.
export const PASSWORD_MIN_LENGTH = 8;
export const CODE_LENGTH = 6;

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .email('Enter a valid email address')
  .transform((value) => value.toLowerCase());
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(256, 'Password is too long');
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');
const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const signupSchema = z.object({
  email,
  password,
  firstName: name('First name'),
  lastName: name('Last name'),
  // Null accepted too: a form sends the values this schema gave it, and an empty phone is null.
  phone: z
    .string()
    .trim()
    .max(30, 'Phone is too long')
    .nullish()
    .transform((value) => value || null),
});
export type SignupInput = z.input<typeof signupSchema>;

export const signupResultSchema = z.object({
  message: z.string(),
  emailSent: z.boolean(),
  // Only outside production, when no mailer could deliver the code.
  verificationCode: z.string().optional(),
});
export type SignupResult = z.infer<typeof signupResultSchema>;

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(256),
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
