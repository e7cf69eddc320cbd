import { hasCode, serverMessage } from '@twinclean/shared/http';
import type { CreatedSpecialBooking } from '@twinclean/shared/special-bookings';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useEffect, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { showServerIssues } from '../../lib/server-issues';
import { useCurrentUser } from '../../lib/session';
import { type SpecialPayload, type SpecialService, useCreateSpecialBooking } from './special-api';
import { contactPrefill, firstProblem, type Problem } from './special-state';

type Contact = { firstName: string; lastName: string; email: string; phone: string };
type Checks = readonly { fields: readonly string[]; problem: Problem }[];

/** The contact fields filled from the signed-in user, also when the user is known late. */
export function useContactPrefill<T extends FieldValues & Contact>(
  form: UseFormReturn<T, unknown, unknown>,
) {
  const user = useCurrentUser().data ?? null;
  useEffect(() => {
    const prefill = contactPrefill(form.getValues(), user);
    for (const [name, value] of Object.entries(prefill)) {
      form.setValue(name as Path<T>, value as PathValue<T, Path<T>>);
    }
  }, [user, form]);
  return user;
}

/**
 * Submitting a special-service form: a refused submit shows the spec's toast for the first
 * group in the spec's order (each field's own message sits under it); the server's refusal
 * shows "Booking Failed" and leaves everything typed in place; success keeps what was sent
 * for the success screen.
 */
export function useSpecialSubmit<S extends SpecialService, T extends FieldValues>(props: {
  service: S;
  form: UseFormReturn<T, unknown, SpecialPayload[S]>;
  checks: Checks;
  /** What is sent, from the schema's output (the rug form leaves out its zero counts). */
  toPayload?: (values: SpecialPayload[S]) => SpecialPayload[S];
  /** A booking refused for its discount code or gift card: the code's field says why (issue 34). */
  showCodeRefusal?: (error: unknown) => unknown;
  /** The form's ZIPs: one we do not serve holds the booking back (issue 34). */
  area: {
    refuse: () => Promise<boolean>;
    showServerRefusal: (error: unknown) => unknown;
  };
}) {
  const { service, form, checks, toPayload = (values) => values, area, showCodeRefusal } = props;
  const create = useCreateSpecialBooking(service);
  // The server's answer (its prices are the ones that count) and what was sent.
  const [created, setCreated] = useState<{
    booking: CreatedSpecialBooking;
    sent: SpecialPayload[S];
  } | null>(null);

  const submit = form.handleSubmit(
    async (values) => {
      // Its message is under the ZIP already; the ZIP field has the focus.
      if (await area.refuse()) return;
      const sent = toPayload(values);
      create.mutate(sent, {
        onSuccess: (booking) => {
          toast({
            title: 'Booking Submitted!',
            description:
              "We'll assign a provider and contact you with payment details within 24 hours.",
          });
          setCreated({ booking, sent });
        },
        onError: (error) => {
          toast({
            title: 'Booking Failed',
            description:
              serverMessage(error, 'Failed to create booking') ||
              'Something went wrong. Please try again.',
            variant: 'destructive',
          });
          // The server's words under the field they concern, where it names one.
          showServerIssues(error, form);
          area.showServerRefusal(error);
          showCodeRefusal?.(error);
          if (hasCode(error, 'invalid_slot')) {
            form.setError('scheduledTime' as Path<T>, { type: 'server', message: error.message });
          }
          // A recurring booking without a saved card: said under "How often?".
          if (hasCode(error, 'card_required')) {
            form.setError('frequency' as Path<T>, { type: 'server', message: error.message });
          }
        },
      });
    },
    (errors) => {
      const problem = firstProblem(checks, Object.keys(errors));
      if (problem) toast({ ...problem, variant: 'destructive' });
    },
  );

  /** Back to an empty form for another booking (the rug form's "Book Another Service"). */
  const startOver = (values: T) => {
    form.reset(values);
    create.reset();
    setCreated(null);
  };

  return { submit, pending: create.isPending, created, startOver };
}
