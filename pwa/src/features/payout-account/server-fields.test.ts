import { ApiError } from '@twinclean/shared/http';
import { LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE } from '@twinclean/shared/payout-accounts';
import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './server-fields';

describe('the API’s reasons put under the payout form’s fields', () => {
  it('takes a schema refusal’s issues, the first message of each field', () => {
    const error = new ApiError(400, {
      message: 'zip: ZIP code must be 5 digits',
      code: 'validation_error',
      issues: [
        { path: ['zip'], message: 'ZIP code must be 5 digits' },
        { path: ['zip'], message: 'second' },
        { path: ['tin'], message: 'Enter the 9 digits of your SSN or EIN' },
        { path: ['notAField'], message: 'ignored' },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({
      zip: 'ZIP code must be 5 digits',
      tin: 'Enter the 9 digits of your SSN or EIN',
    });
  });

  it('takes a 422’s fields, at the top or in details', () => {
    const top = new ApiError(422, {
      message: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
      code: 'unknown_bank_account',
      fields: { accountNumber: 'Use one of the test bank accounts.' },
    });
    expect(serverFieldErrors(top)).toEqual({ accountNumber: 'Use one of the test bank accounts.' });
    const nested = new ApiError(422, {
      message: 'Check the routing number',
      code: 'invalid_bank_account',
      details: { fields: { routingNumber: 'Unknown routing number', other: 'x' } },
    });
    expect(serverFieldErrors(nested)).toEqual({ routingNumber: 'Unknown routing number' });
  });

  it('puts the unknown test bank account under the account number when no field is named', () => {
    const error = new ApiError(422, {
      message: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
      code: 'unknown_bank_account',
    });
    expect(serverFieldErrors(error)).toEqual({ accountNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE });
  });

  it('names no field for other failures', () => {
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
    expect(
      serverFieldErrors(new ApiError(500, { message: 'Server error', code: 'internal' })),
    ).toEqual({});
  });
});
