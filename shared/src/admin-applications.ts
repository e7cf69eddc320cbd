import * as z from 'zod/mini';
import { pageNumberSchema, pageOf } from './admin-pages';
import { roleSchema } from './roles';

// /admin/provider-applications (issue 17): the careers form's applications, newest first.
// Approving one creates the provider's account and e-mails a set-password code; rejecting one
// e-mails a polite no (DECISIONS.md "Admin operations").

export const APPLICATION_STATUSES = ['new', 'approved', 'rejected'] as const;
export const applicationStatusSchema = z.enum(
  APPLICATION_STATUSES,
  'Status is new, approved or rejected',
);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** GET /api/admin/provider-applications */
export const applicationFiltersSchema = z.object({
  status: z.optional(applicationStatusSchema),
  /** Part of the name or e-mail. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search is at most 100 characters'))),
  page: pageNumberSchema,
});
export type ApplicationFilters = z.infer<typeof applicationFiltersSchema>;

const decider = z.nullable(z.object({ id: z.string(), name: z.string() }));

export const applicationSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: applicationStatusSchema,
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /** Null once that admin's account is gone. */
  decidedBy: decider,
  /**
   * Another application or an account with the same e-mail or phone (digits compared): a second
   * try, a typo, or someone who already works or books with us.
   */
  duplicate: z.object({ applications: z.number(), accounts: z.number() }),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationsPageSchema = pageOf(applicationSummarySchema);
export type ApplicationsPage = z.infer<typeof applicationsPageSchema>;

/** GET /api/admin/provider-applications/{id}: everything the applicant wrote, and its matches. */
export const applicationDetailSchema = z.extend(applicationSummarySchema, {
  experience: z.string(),
  availability: z.string(),
  whyJoin: z.string(),
  /** The provider account an approval created. */
  providerId: z.nullable(z.string()),
  matches: z.object({
    applications: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        status: applicationStatusSchema,
        createdAt: z.string(),
      }),
    ),
    accounts: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        phone: z.nullable(z.string()),
        role: roleSchema,
      }),
    ),
  }),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** POST …/{id}/approve and …/{id}/reject: no body; the application as it now stands. */
export const applicationDecisionSchema = z.object({
  message: z.string(),
  application: applicationDetailSchema,
});
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;
