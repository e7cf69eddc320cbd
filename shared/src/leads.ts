import { z } from 'zod';

const required = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const email = z
  .string()
  .trim()
  .email('Enter a valid email address')
  .max(254)
  .transform((e) => e.toLowerCase());

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
