import { zodResolver } from '@hookform/resolvers/zod';
import { dateRangeInOrder } from '@twinclean/shared/admin-pages';
import {
  type PaymentRecordFilters,
  paymentRecordFiltersSchema,
} from '@twinclean/shared/admin-payments';
import { Button } from '@twinclean/shared/ui/button';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { Field } from '../../components/ui/field';
import { PAYMENT_KIND_LABELS } from '../../lib/format';
import { STATUS } from './labels';
import '@twinclean/shared/zod-english';

const KINDS = Object.entries(PAYMENT_KIND_LABELS).map(([value, label]) => ({ value, label }));
const STATUSES = Object.entries(STATUS).map(([value, { label }]) => ({ value, label }));

/** An input's text, trimmed: blank is no filter. */
const blank = z.pipe(
  z.string(),
  z.transform((text) => text.trim() || undefined),
);
const { shape } = paymentRecordFiltersSchema;

/** The search and the dates as typed, checked by the list's own filters (the range in order). */
export const recordsFiltersFormSchema = z
  .object({
    search: z.pipe(blank, shape.search),
    from: z.pipe(blank, shape.from),
    to: z.pipe(blank, shape.to),
  })
  .check(dateRangeInOrder);
type FormInput = z.input<typeof recordsFiltersFormSchema>;
type FormOutput = z.output<typeof recordsFiltersFormSchema>;

/** What the URL's filters show in the form's inputs. */
export const recordsFiltersFormValues = (filters: PaymentRecordFilters): FormInput => ({
  search: filters.search ?? '',
  from: filters.from ?? '',
  to: filters.to ?? '',
});

/**
 * Kind and status apply at once; the search and the dates when the form is sent. The browser's
 * own check stays on (no noValidate): a half-typed date stops the form, as it always has.
 */
export function RecordsFilters({
  filters,
  onFilters,
}: {
  filters: PaymentRecordFilters;
  onFilters: (next: PaymentRecordFilters) => void;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(recordsFiltersFormSchema),
    // Back and forward change the URL under the form: show what it now says. Only a change of
    // the URL's search or dates replaces them; a kind picked meanwhile keeps what was typed.
    values: recordsFiltersFormValues(filters),
  });
  const errors = form.formState.errors;

  const apply = (next: Partial<PaymentRecordFilters>) =>
    onFilters({ ...filters, ...next, page: undefined });
  const submit = form.handleSubmit(apply);
  return (
    <form onSubmit={submit} aria-label="Filter payments" className="flex flex-wrap items-end gap-4">
      <FilterSelect
        label="Kind"
        all="All kinds"
        options={KINDS}
        value={filters.kind}
        onChange={(kind) => apply({ kind })}
      />
      <FilterSelect
        label="Status"
        all="All statuses"
        options={STATUSES}
        value={filters.status}
        onChange={(status) => apply({ status })}
      />
      <div className="min-w-64 flex-1">
        <Field
          label="Search"
          type="search"
          placeholder="Client name, e-mail or gateway id"
          maxLength={100}
          error={errors.search?.message}
          {...form.register('search')}
        />
      </div>
      <Field label="From" type="date" error={errors.from?.message} {...form.register('from')} />
      <Field label="To" type="date" error={errors.to?.message} {...form.register('to')} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
