import { CODE_LENGTH } from '@twinclean/shared/auth';
import { Field } from '../../components/ui/field';

/** Six digits; callers keep their submit disabled until all six are in. */
export function CodeField({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
}) {
  return (
    <Field
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={CODE_LENGTH}
      required
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      className="tracking-[0.5em]"
    />
  );
}

export const isCompleteCode = (code: string) => code.length === CODE_LENGTH;
