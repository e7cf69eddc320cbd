import { GIFT_CARD_MESSAGE_MAX, type GiftCardPurchaseInput } from '@twinclean/shared/gift-cards';
import { Button } from '@twinclean/shared/ui/button';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Field, TextAreaField } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { deliveryWindow, messageCount } from './amount';
import { AmountPicker } from './amount-picker';
import type { GiftCardPurchase } from './api';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-3 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The gift card's details: amount, who gives it, who gets it, a message and the day it is
 * e-mailed. The page keeps the form, so going back from paying finds everything as typed.
 */
export function GiftCardForm(props: {
  form: UseFormReturn<GiftCardPurchaseInput, unknown, GiftCardPurchase>;
  onSubmit: () => void;
  pending: boolean;
  /** The last attempt's failure, said above the button (and in a toast). */
  failure: string | null;
}) {
  const { form } = props;
  const { errors } = form.formState;
  const message = useWatch({ control: form.control, name: 'message' });
  const dates = deliveryWindow(new Date());
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      aria-label="Buy a gift card"
      className="grid gap-6 rounded-xl border bg-white p-5 sm:p-6"
    >
      <LiveFieldset className="grid w-full gap-8">
        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState }) => (
            <AmountPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Group title="From">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Your name"
              autoComplete="name"
              required
              maxLength={100}
              error={errors.purchaserName?.message}
              {...form.register('purchaserName')}
            />
            <Field
              label="Your e-mail"
              type="email"
              autoComplete="email"
              required
              hint="For your receipt."
              error={errors.purchaserEmail?.message}
              {...form.register('purchaserEmail')}
            />
          </div>
        </Group>
        <Group title="To">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Recipient's name"
              autoComplete="off"
              required
              maxLength={100}
              error={errors.recipientName?.message}
              {...form.register('recipientName')}
            />
            <Field
              label="Recipient's e-mail"
              type="email"
              autoComplete="off"
              required
              hint="We send the gift card's code here."
              error={errors.recipientEmail?.message}
              {...form.register('recipientEmail')}
            />
          </div>
          <TextAreaField
            label="Message (optional)"
            rows={4}
            maxLength={GIFT_CARD_MESSAGE_MAX}
            hint={messageCount(message)}
            error={errors.message?.message}
            {...form.register('message')}
          />
          <Field
            label="Delivery date"
            type="date"
            min={dates.min}
            max={dates.max}
            required
            hint="Today, or any day up to a year ahead: the code is e-mailed that day."
            error={errors.deliverOn?.message}
            {...form.register('deliverOn')}
          />
        </Group>
        {props.failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {props.failure}
          </p>
        )}
        <Button type="submit" disabled={props.pending}>
          {props.pending ? 'Preparing payment…' : 'Continue to payment'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
