import { zodResolver } from '@hookform/resolvers/zod';
import { seniorDeclarationSchema } from '@twinclean/shared/subscriptions';
import { describe, expect, it } from 'vitest';

const resolve = (declared: boolean) =>
  zodResolver(seniorDeclarationSchema)({ declared }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('the Senior plan declaration form', () => {
  it('goes on only once the box is ticked', async () => {
    expect(await resolve(true)).toEqual({ values: { declared: true }, errors: {} });
  });

  it('says why the unticked box is needed, under the box', async () => {
    const { values, errors } = await resolve(false);
    expect(values).toEqual({});
    expect(errors.declared?.message).toBe('Please confirm this to choose the Senior plan.');
  });
});
