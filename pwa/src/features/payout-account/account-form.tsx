import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import type { LocalPayoutAccountForm, PayoutAccountView } from '@twinclean/shared/payout-accounts';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useOnline } from '../../lib/online';
import { useSavePayoutAccount } from './account-queries';
import { PAYOUT_OFFLINE_MESSAGE } from './account-text';
import { Field, SelectField } from './form-field';
import { formValuesOf, type PayoutFormOutput, payoutFormResolver } from './form-values';
import { serverFieldErrors } from './server-fields';
import '@twinclean/shared/zod-english';

const TIN_KINDS = [
  { value: 'ssn', label: 'Social Security number (SSN)' },
  { value: 'ein', label: 'Employer Identification number (EIN)' },
];

/**
 * The test-mode payout form (LocalGateway): the tax details Stripe would collect and a test
 * bank account. What was typed stays when saving fails; the API's reasons land on their fields.
 */
export function AccountForm({ account }: { account: PayoutAccountView }) {
  const form = useForm<LocalPayoutAccountForm, unknown, PayoutFormOutput>({
    resolver: payoutFormResolver,
    defaultValues: formValuesOf(account),
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSavePayoutAccount();
  const navigate = useNavigate();
  const online = useOnline();

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast({ title: saved.message });
        void navigate({ to: '/payouts' });
      },
      onError: (error) => {
        const fields = Object.entries(serverFieldErrors(error));
        for (const [i, [name, message]] of fields.entries()) {
          const field = name as keyof LocalPayoutAccountForm;
          form.setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
        }
        const message = serverMessage(
          error,
          online ? 'Your payout account could not be saved. Try again.' : PAYOUT_OFFLINE_MESSAGE,
        );
        setFailure(message);
        toast({ title: 'Payout account not saved', description: message, variant: 'destructive' });
      },
    });
  });

  const busy = save.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Payout account details" className="grid gap-4">
      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden>*</span>
        <span className="sr-only">required</span> are required. We keep your tax details for the
        year-end 1099-NEC; your SSN or EIN is stored encrypted and shown only by its last four
        digits.
      </p>
      <Field
        label="Legal name"
        autoComplete="name"
        required
        maxLength={100}
        error={errors.legalName?.message}
        {...form.register('legalName')}
      />
      <Field
        label="Street address"
        autoComplete="address-line1"
        required
        maxLength={200}
        error={errors.addressLine1?.message}
        {...form.register('addressLine1')}
      />
      <Field
        label="Apartment or unit"
        autoComplete="address-line2"
        maxLength={200}
        error={errors.addressLine2?.message}
        {...form.register('addressLine2')}
      />
      <Field
        label="City"
        autoComplete="address-level2"
        required
        maxLength={100}
        error={errors.city?.message}
        {...form.register('city')}
      />
      <div className="grid grid-cols-2 gap-4 [&>*]:min-w-0">
        <Field
          label="State"
          autoComplete="address-level1"
          autoCapitalize="characters"
          required
          maxLength={2}
          placeholder="MN"
          error={errors.state?.message}
          {...form.register('state', { setValueAs: (v: string) => v.toUpperCase() })}
        />
        <Field
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          maxLength={5}
          error={errors.zip?.message}
          {...form.register('zip')}
        />
      </div>
      <SelectField
        label="Tax ID type"
        required
        options={TIN_KINDS}
        error={errors.tinKind?.message}
        {...form.register('tinKind')}
      />
      <Field
        label="SSN or EIN"
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={11}
        hint={
          account.taxDetails
            ? `On file: ${account.taxDetails.tinMasked}. Type it again to save.`
            : '9 digits; dashes are fine.'
        }
        error={errors.tin?.message}
        {...form.register('tin')}
      />
      <Field
        label="Routing number"
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={9}
        error={errors.routingNumber?.message}
        {...form.register('routingNumber')}
      />
      <Field
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={17}
        hint={account.bankLast4 ? `On file: bank ••${account.bankLast4}.` : undefined}
        error={errors.accountNumber?.message}
        {...form.register('accountNumber')}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      {!online && (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {PAYOUT_OFFLINE_MESSAGE}
        </p>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {busy ? 'Saving your payout account…' : ''}
      </p>
      <Button type="submit" disabled={busy || !online}>
        {busy ? 'Saving…' : 'Save payout account'}
      </Button>
    </form>
  );
}
