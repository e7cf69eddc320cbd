import type { pricingSaveSchema } from '@twinclean/shared/admin-pricing';
import { Select } from '@twinclean/shared/ui/select';
import type { UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';

type Input = z.input<typeof pricingSaveSchema>;

/** The weekly transfers' day or hour (America/Chicago): the form's text is the option's value. */
export function ScheduleField(props: {
  form: UseFormReturn<Input>;
  name: 'payoutWeekday' | 'payoutHour';
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const error = props.form.formState.errors[props.name]?.message;
  return (
    <div className="grid gap-1.5">
      <Select label={props.label} options={props.options} {...props.form.register(props.name)} />
      {error && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
