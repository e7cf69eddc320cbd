import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ReconciliationQuery,
  reconciliationQuerySchema,
} from '@twinclean/shared/admin-reconciliation';
import { Button } from '@twinclean/shared/ui/button';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import '@twinclean/shared/zod-english';

/** The days as typed (blank is no day), checked by the API's own rules before they are sent. */
export const rangeFormSchema = z.pipe(
  z.object({
    from: z.pipe(
      z.string(),
      z.transform((text) => text.trim() || undefined),
    ),
    to: z.pipe(
      z.string(),
      z.transform((text) => text.trim() || undefined),
    ),
  }),
  reconciliationQuerySchema,
);
type FormInput = z.input<typeof rangeFormSchema>;

/**
 * The days to check, sent with the Check button. The browser's own check stays on (no
 * noValidate): a half-typed date stops the form, as on the other finance pages.
 */
export function RangeForm({
  days,
  onDays,
}: {
  days: ReconciliationQuery;
  onDays: (next: ReconciliationQuery) => void;
}) {
  const form = useForm<FormInput, unknown, ReconciliationQuery>({
    resolver: zodResolver(rangeFormSchema),
    // Back and forward change the URL under the form: show what it now says.
    values: days,
  });
  const { errors } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit(onDays)}
      aria-label="Days to check"
      className="flex flex-wrap items-end gap-4"
    >
      <Field label="From" type="date" error={errors.from?.message} {...form.register('from')} />
      <Field label="To" type="date" error={errors.to?.message} {...form.register('to')} />
      <Button type="submit" variant="secondary">
        Check
      </Button>
    </form>
  );
}
