import { zodResolver } from '@hookform/resolvers/zod';
import { type DiscountCodeForm, discountCodeFormSchema } from '@twinclean/shared/discount-codes';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import { serviceTitle, serviceTypeSchema } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { Select } from '@twinclean/shared/ui/select';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useCreateCode } from './api';
import '@twinclean/shared/zod-english';

type Output = z.output<typeof discountCodeFormSchema>;

const EMPTY: DiscountCodeForm = {
  code: '',
  kind: 'percent',
  percentOff: null,
  amountOff: null,
  serviceTypes: [],
  firstBookingOnly: false,
  startsOn: '',
  endsOn: '',
  maxUses: null,
  maxUsesPerClient: 1,
};

const KINDS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Amount off' },
];

/** An empty box is "no limit"; a number box's text is a number. */
const countOrNull = (value: unknown) => (value === '' || value == null ? null : Number(value));

/** The owner's new discount code: what it takes off, for what, when and how often. */
export function CodeDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateCode();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DiscountCodeForm, unknown, Output>({
    resolver: zodResolver(discountCodeFormSchema),
    defaultValues: EMPTY,
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (code) => {
        toast({ title: 'Discount code created', description: `${code.code}: ${code.description}` });
        form.reset(EMPTY);
        props.onOpenChange(false);
      },
      onError: (error) => {
        const message = serverMessage(error, 'The code could not be created.');
        if (hasCode(error, 'code_taken')) form.setError('code', { type: 'server', message });
        else if (showServerIssues(error, form).length === 0) setFailure(message);
      },
    });
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={(next) => {
        if (!create.isPending) props.onOpenChange(next);
      }}
      title="New discount code"
      description="Clients type it at checkout; the server takes it off the price it computes."
    >
      <form onSubmit={submit} noValidate aria-label="New discount code" className="grid gap-4">
        <Field
          label="Code"
          autoComplete="off"
          autoCapitalize="characters"
          hint="3 to 20 letters, digits or dashes, like SPRING25"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Kind" options={KINDS} {...form.register('kind')} />
          {kind === 'percent' ? (
            <Field
              label="Percent off"
              inputMode="numeric"
              error={errors.percentOff?.message}
              {...form.register('percentOff', { setValueAs: countOrNull })}
            />
          ) : (
            <Field
              label="Amount off ($)"
              inputMode="decimal"
              placeholder="20.00"
              error={errors.amountOff?.message}
              {...form.register('amountOff', { setValueAs: (v) => (v ? String(v) : null) })}
            />
          )}
        </div>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">
            Services (none checked: every service)
          </legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {serviceTypeSchema.options.map((service) => (
              <label key={service} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  value={service}
                  {...form.register('serviceTypes')}
                />
                {serviceTitle(service)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('firstBookingOnly')} />
          First booking only
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Starts on"
            type="date"
            error={errors.startsOn?.message}
            {...form.register('startsOn')}
          />
          <Field
            label="Ends on"
            type="date"
            error={errors.endsOn?.message}
            {...form.register('endsOn')}
          />
          <Field
            label="Total uses"
            inputMode="numeric"
            hint="Empty: no limit"
            error={errors.maxUses?.message}
            {...form.register('maxUses', { setValueAs: countOrNull })}
          />
          <Field
            label="Uses per client"
            inputMode="numeric"
            hint="Empty: no limit"
            error={errors.maxUsesPerClient?.message}
            {...form.register('maxUsesPerClient', { setValueAs: countOrNull })}
          />
        </div>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={create.isPending}
            onClick={() => props.onOpenChange(false)}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create code'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
