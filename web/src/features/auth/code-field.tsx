import { CODE_LENGTH } from '@twinclean/shared/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { digitsOnly, Field } from '../../components/ui/field';

/** Six digits, typed or pasted; callers keep their submit disabled until all six are in. */
export function CodeField({
  label,
  error,
  registration,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      required
      error={error}
      className="tracking-[0.5em]"
      {...registration}
      onChange={digitsOnly(CODE_LENGTH, registration.onChange)}
    />
  );
}

export const isCompleteCode = (code: string | undefined) => code?.length === CODE_LENGTH;
