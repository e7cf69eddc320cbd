import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LocalPayoutAccountForm,
  localPayoutAccountFormSchema,
  type PayoutAccountView,
} from '@twinclean/shared/payout-accounts';
import type * as z from 'zod/mini';

export type PayoutFormOutput = z.output<typeof localPayoutAccountFormSchema>;

/** The API's own schema checks the form first: the same rules, the same messages. */
export const payoutFormResolver = zodResolver(localPayoutAccountFormSchema);

/**
 * The form as it opens: the tax details on file filled in, so an edit changes only what it
 * must. The TIN and the bank numbers are never sent back (the TIN is sealed, the bank is only
 * its last four), so they are typed again on every save.
 */
export function formValuesOf(account: PayoutAccountView | undefined): LocalPayoutAccountForm {
  const tax = account?.taxDetails;
  return {
    legalName: tax?.legalName ?? '',
    addressLine1: tax?.addressLine1 ?? '',
    addressLine2: tax?.addressLine2 ?? '',
    city: tax?.city ?? '',
    state: tax?.state ?? '',
    zip: tax?.zip ?? '',
    tinKind: tax?.tinKind ?? 'ssn',
    tin: '',
    routingNumber: '',
    accountNumber: '',
  };
}
