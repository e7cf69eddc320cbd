import type { LocalPayoutAccountForm, PayoutAccountView } from '@twinclean/shared/payout-accounts';
import { describe, expect, it } from 'vitest';
import { formValuesOf, payoutFormResolver } from './form-values';
import '@twinclean/shared/zod-english';

const valid: LocalPayoutAccountForm = {
  legalName: 'Maria Lopez',
  addressLine1: '100 Main St',
  addressLine2: '',
  city: 'Minneapolis',
  state: 'MN',
  zip: '55401',
  tinKind: 'ssn',
  tin: '123-45-6789',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

/** What the form shows under each field after a submit, as react-hook-form asks the resolver. */
async function shown(values: LocalPayoutAccountForm) {
  const result = await payoutFormResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return {
    values: result.values,
    messages: Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [name, error?.message]),
    ),
  };
}

describe('the payout form’s messages', () => {
  it('says what each empty required field needs', async () => {
    const { messages } = await shown(formValuesOf(undefined));
    expect(messages).toEqual({
      legalName: 'Legal name is required',
      addressLine1: 'Street address is required',
      city: 'City is required',
      state: 'State must be 2 capital letters, like MN',
      zip: 'ZIP code must be 5 digits',
      tin: 'Enter the 9 digits of your SSN or EIN',
      routingNumber: 'Routing number must be 9 digits',
      accountNumber: 'Account number must be 4 to 17 digits',
    });
  });

  it('refuses a TIN that is not 9 digits and a bank number with letters', async () => {
    const { messages } = await shown({ ...valid, tin: '123-45-678', accountNumber: '0001234x' });
    expect(messages).toEqual({
      tin: 'Enter the 9 digits of your SSN or EIN',
      accountNumber: 'Account number must be 4 to 17 digits',
    });
  });

  it('sends a valid form with the TIN as its digits alone', async () => {
    const { values, messages } = await shown(valid);
    expect(messages).toEqual({});
    expect(values).toMatchObject({ tin: '123456789', state: 'MN', addressLine2: '' });
  });
});

describe('the payout form as it opens', () => {
  it('fills in the tax details on file, never the TIN or the bank numbers', () => {
    const account: PayoutAccountView = {
      gateway: 'local',
      state: 'enabled',
      missing: [],
      disabledReason: null,
      bankLast4: '6789',
      taxDetails: {
        legalName: 'Maria Lopez',
        addressLine1: '100 Main St',
        addressLine2: null,
        city: 'Minneapolis',
        state: 'MN',
        zip: '55401',
        tinKind: 'ein',
        tinMasked: '••-•••6789',
      },
    };
    expect(formValuesOf(account)).toEqual({
      ...valid,
      tinKind: 'ein',
      tin: '',
      routingNumber: '',
      accountNumber: '',
    });
  });
});
