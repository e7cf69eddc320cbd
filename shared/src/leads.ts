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

export const contactTopicSchema = z.enum(
  ['booking', 'billing', 'provider', 'other'],
  'Choose a topic',
);
export type ContactTopic = z.infer<typeof contactTopicSchema>;
/** The contact form's topics as the form and the inbox name them. */
export const CONTACT_TOPICS: Record<ContactTopic, string> = {
  booking: 'A booking',
  billing: 'Billing and payments',
  provider: 'Working as a provider',
  other: 'Something else',
};

/**
 * POST /api/contact: the form on /help. `website` is a honeypot, hidden from people: a bot that
 * fills it in is answered as if the message went through, and nothing is kept.
 */
export const contactMessageSchema = z.object({
  name: required('Name', 100),
  email,
  phone: z.optional(z.string().check(z.trim(), z.maxLength(30, 'Phone is too long'))),
  topic: contactTopicSchema,
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Message must be at least 10 characters'),
      z.maxLength(5000, 'Message is at most 5,000 characters'),
    ),
  website: z.optional(z.string().check(z.maxLength(500))),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** POST /api/newsletter/unsubscribe: the token from a newsletter's unsubscribe link. */
export const unsubscribeSchema = z.object({
  token: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'The unsubscribe link has no token'),
      z.maxLength(200, 'This unsubscribe link is not valid'),
    ),
});

/** What the public lead forms answer. */
export const leadAnswerSchema = z.object({ message: z.string() });
