import { ApiError } from '@twinclean/shared/http';
import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { serverFields, showServerProblems } from './server-issues';

/** The two parts of a react-hook-form the helper uses, recording what it was told. */
function formOf(values: Record<string, string>) {
  const errors: Record<string, string | undefined> = {};
  const form = {
    getValues: () => values,
    setError: (name: string, error: { message?: string }) => {
      errors[name] = error.message;
    },
  } as unknown as Pick<UseFormReturn<Record<string, string>>, 'getValues' | 'setError'>;
  return { errors, form };
}

const refused = (details: unknown) =>
  new ApiError(422, { message: 'Refused', code: 'gift_card_refused', details });

describe("an API refusal's fields", () => {
  it('are read from details.fields, keeping only words', () => {
    expect(serverFields(refused({ fields: { giftCardCode: 'No balance', other: 3 } }))).toEqual({
      giftCardCode: 'No balance',
    });
    expect(serverFields(refused(undefined))).toEqual({});
    expect(serverFields(new Error('offline'))).toEqual({});
  });

  it("land under the form's own fields, and validation issues too", () => {
    const { errors, form } = formOf({ deliverOn: '', amount: '' });
    const marked = showServerProblems(
      new ApiError(400, {
        message: 'Choose a delivery date from today',
        code: 'invalid_delivery',
        details: { fields: { deliverOn: 'Choose a day within a year', elsewhere: 'Not here' } },
      }),
      form,
    );
    expect(marked).toEqual(['deliverOn']);
    expect(errors).toEqual({ deliverOn: 'Choose a day within a year' });

    const issues = formOf({ amount: '' });
    showServerProblems(
      new ApiError(400, {
        message: 'amount: Choose an amount',
        code: 'validation_error',
        issues: [{ path: ['amount'], message: 'Choose an amount' }],
      }),
      issues.form,
    );
    expect(issues.errors).toEqual({ amount: 'Choose an amount' });
  });
});
