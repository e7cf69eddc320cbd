import * as z from 'zod/mini';

const required = (label: string, max = 200) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} is too long`),
    );
const email = z.pipe(
  z.string().check(z.trim(), z.email('Enter a valid email address'), z.maxLength(254)),
  z.transform((e) => e.toLowerCase()),
);

/** POST /api/provider-applications: the careers form, all seven fields required. */
export const providerApplicationSchema = z.object({
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email,
  phone: required('Phone', 30),
  experience: required('Experience', 4000),
  availability: required('Availability', 1000),
  whyJoin: required('Why you want to join', 4000),
});
export type ProviderApplicationInput = z.input<typeof providerApplicationSchema>;

/** POST /api/newsletter/subscribe */
export const newsletterSchema = z.object({ email });
