import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';
import { contactTopicSchema } from './leads';

// Marketing & Leads in the admin area (issue 17): the contact form's inbox, the newsletter's
// subscribers and sends, and every address we know with where it came from.

/** `?q=`: words searched for anywhere in the names, addresses and text a list shows. */
const searchText = z.optional(
  z.string().check(z.trim(), z.maxLength(100, 'Search is at most 100 characters')),
);

const required = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} is at most ${max.toLocaleString('en-US')} characters`),
    );

// --- Contact forms -------------------------------------------------------------------------

export const contactStatusSchema = z.enum(['new', 'answered'], 'Status is new or answered');
export type ContactStatus = z.infer<typeof contactStatusSchema>;

/** GET /api/admin/contact-forms */
export const contactFormFiltersSchema = z.object({
  status: z.optional(contactStatusSchema),
  q: searchText,
  page: pageNumberSchema,
});
export type ContactFormFilters = z.infer<typeof contactFormFiltersSchema>;

export const contactFormSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  topic: contactTopicSchema,
  /** The start of the message, for the list. */
  preview: z.string(),
  status: contactStatusSchema,
  createdAt: z.string(),
  answeredAt: z.nullable(z.string()),
});
export type ContactFormSummary = z.infer<typeof contactFormSummarySchema>;
export const contactFormsPageSchema = pageOf(contactFormSummarySchema);
export type ContactFormsPage = z.infer<typeof contactFormsPageSchema>;

export const contactReplyViewSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Null once the admin's account is gone. */
  sentBy: z.nullable(z.string()),
  /** False when the mailer only kept it (no SMTP), or delivery failed. */
  delivered: z.boolean(),
  createdAt: z.string(),
});
export type ContactReplyView = z.infer<typeof contactReplyViewSchema>;

/** GET /api/admin/contact-forms/{id}: the whole message, its replies, who answered it. */
export const contactFormDetailSchema = z.extend(contactFormSummarySchema, {
  message: z.string(),
  answeredBy: z.nullable(z.string()),
  replies: z.array(contactReplyViewSchema),
});
export type ContactFormDetail = z.infer<typeof contactFormDetailSchema>;

/** POST /api/admin/contact-forms/{id}/reply */
export const contactReplySchema = z.object({
  subject: required('Subject', 200),
  body: required('Message', 10_000),
});
export type ContactReplyInput = z.input<typeof contactReplySchema>;

/** What the reply and mark-answered calls answer. */
export const contactFormAnswerSchema = z.object({
  message: z.string(),
  contactForm: contactFormDetailSchema,
});

/** "Re: …" for a reply's subject, once however often it is replied to. */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

// --- Newsletter ----------------------------------------------------------------------------

export const subscriberStatusSchema = z.enum(
  ['subscribed', 'unsubscribed'],
  'Status is subscribed or unsubscribed',
);

/** GET /api/admin/newsletter/subscribers and its CSV (which ignores the page). */
export const subscriberFiltersSchema = z.object({
  status: z.optional(subscriberStatusSchema),
  q: searchText,
  page: pageNumberSchema,
});
export type SubscriberFilters = z.infer<typeof subscriberFiltersSchema>;

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  source: z.string(),
  subscribedAt: z.string(),
  unsubscribedAt: z.nullable(z.string()),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscribersPageSchema = z.extend(pageOf(subscriberSchema), {
  /** Everyone a newsletter sent now would reach. */
  subscribedCount: z.number(),
});
export type SubscribersPage = z.infer<typeof subscribersPageSchema>;

/** POST /api/admin/newsletters */
export const newsletterSendSchema = z.object({
  subject: required('Subject', 200),
  body: required('Message', 20_000),
});
export type NewsletterSendInput = z.input<typeof newsletterSendSchema>;

export const newsletterViewSchema = z.object({
  id: z.string(),
  subject: z.string(),
  sentBy: z.nullable(z.string()),
  createdAt: z.string(),
  recipients: z.number(),
  delivered: z.number(),
  pending: z.number(),
  failed: z.number(),
});
export type NewsletterView = z.infer<typeof newsletterViewSchema>;

/** GET /api/admin/newsletters: the sends, newest first. */
export const newslettersQuerySchema = z.object({ page: pageNumberSchema });
export const newslettersPageSchema = pageOf(newsletterViewSchema);

export const newsletterSentSchema = z.object({
  message: z.string(),
  newsletter: newsletterViewSchema,
});

// --- Marketing contacts --------------------------------------------------------------------

/** Where we met an address. */
export const leadSourceSchema = z.enum([
  'newsletter',
  'contact_form',
  'provider_application',
  'guest_booking',
  'client_account',
  'imported',
]);
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  newsletter: 'Newsletter',
  contact_form: 'Contact form',
  provider_application: 'Provider applicant',
  guest_booking: 'Guest booking',
  client_account: 'Client account',
  imported: 'Marketing list',
};

/** GET /api/admin/marketing-contacts and its CSV (which ignores the page). */
export const marketingFiltersSchema = z.object({
  q: searchText,
  source: z.optional(leadSourceSchema),
  consent: z.optional(z.enum(['yes', 'no'], 'Consent is yes or no')),
  page: pageNumberSchema,
});
export type MarketingFilters = z.infer<typeof marketingFiltersSchema>;

export const marketingContactSchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  sources: z.array(leadSourceSchema),
  firstSeen: z.string(),
  /** Only a live newsletter subscription (or a marketing-list opt-in) is consent to market. */
  consent: z.boolean(),
});
export type MarketingContact = z.infer<typeof marketingContactSchema>;
export const marketingContactsPageSchema = pageOf(marketingContactSchema);
export type MarketingContactsPage = z.infer<typeof marketingContactsPageSchema>;
