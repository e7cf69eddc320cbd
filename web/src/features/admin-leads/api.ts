import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ContactFormFilters,
  type ContactReplyInput,
  contactFormAnswerSchema,
  contactFormDetailSchema,
  contactFormsPageSchema,
  type MarketingFilters,
  marketingContactsPageSchema,
  type NewsletterSendInput,
  newsletterSentSchema,
  newslettersPageSchema,
  type SubscriberFilters,
  subscribersPageSchema,
} from '@twinclean/shared/admin-leads';
import { getJson, postJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

export const leadKeys = {
  contactForms: ['/api/admin/contact-forms'] as const,
  contactForm: (id: string) => [...leadKeys.contactForms, id] as const,
  subscribers: ['/api/admin/newsletter/subscribers'] as const,
  newsletters: ['/api/admin/newsletters'] as const,
  marketing: ['/api/admin/marketing-contacts'] as const,
};

/** The query string of the filters that are set, for the API and the CSV links alike. */
export const searchOf = (query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const contactFormsQueryOptions = (filters: ContactFormFilters) =>
  queryOptions({
    queryKey: [...leadKeys.contactForms, 'list', filters] as const,
    queryFn: async () =>
      contactFormsPageSchema.parse(await getJson(`/api/admin/contact-forms${searchOf(filters)}`)),
    placeholderData: keepPreviousData,
  });

export const contactFormQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.contactForm(id),
    queryFn: async () =>
      contactFormDetailSchema.parse(
        await getJson(`/api/admin/contact-forms/${encodeURIComponent(id)}`),
      ),
  });

/** Reply (with a body) or mark answered (without); either refreshes the inbox. */
export function useAnswerContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reply: ContactReplyInput | null) => {
      const path = `/api/admin/contact-forms/${encodeURIComponent(id)}`;
      return contactFormAnswerSchema.parse(
        reply
          ? await postJson(`${path}/reply`, reply)
          : await postJson(`${path}/mark-answered`, undefined),
      );
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(leadKeys.contactForm(id), answer.contactForm);
      return queryClient.invalidateQueries({ queryKey: leadKeys.contactForms });
    },
  });
}

export const subscribersQueryOptions = (filters: SubscriberFilters) =>
  queryOptions({
    queryKey: [...leadKeys.subscribers, filters] as const,
    queryFn: async () =>
      subscribersPageSchema.parse(
        await getJson(`/api/admin/newsletter/subscribers${searchOf(filters)}`),
      ),
    placeholderData: keepPreviousData,
  });

export const newslettersQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.newsletters,
    queryFn: async () => newslettersPageSchema.parse(await getJson('/api/admin/newsletters')),
    // A send goes out in the background: its counts move while the page is open.
    refetchInterval: (query) => (query.state.data?.items.some((n) => n.pending > 0) ? 3000 : false),
  });

export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewsletterSendInput) =>
      newsletterSentSchema.parse(await postJson('/api/admin/newsletters', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.newsletters }),
  });
}

export const marketingQueryOptions = (filters: MarketingFilters) =>
  queryOptions({
    queryKey: [...leadKeys.marketing, filters] as const,
    queryFn: async () =>
      marketingContactsPageSchema.parse(
        await getJson(`/api/admin/marketing-contacts${searchOf(filters)}`),
      ),
    placeholderData: keepPreviousData,
  });
