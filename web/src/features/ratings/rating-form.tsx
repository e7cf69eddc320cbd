import { zodResolver } from '@hookform/resolvers/zod';
import { serverMessage } from '@twinclean/shared/http';
import {
  RATING_COMMENT_MAX,
  RATING_STARS,
  type RatingInput,
  ratingInputSchema,
} from '@twinclean/shared/ratings';
import { Button } from '@twinclean/shared/ui/button';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { TextAreaField } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import '@twinclean/shared/zod-english';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * Five stars and an optional comment. The stars are a native radio group (one Tab stop, arrow
 * keys move and choose, the screen reader says "3 stars, Good, 3 of 5"), drawn as stars.
 */
export function RatingForm(props: {
  submit: (input: RatingInput) => Promise<unknown>;
  pending: boolean;
}) {
  const form = useForm<z.input<typeof ratingInputSchema>, unknown, RatingInput>({
    resolver: zodResolver(ratingInputSchema),
    defaultValues: { comment: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  const starsError = form.formState.errors.stars?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await props.submit(values);
    } catch (error) {
      if (showServerIssues(error, form).length === 0) {
        setFailure(serverMessage(error, 'Failed to send your rating'));
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Rate this visit" className="grid gap-4">
      <Controller
        control={form.control}
        name="stars"
        render={({ field }) => (
          <fieldset aria-describedby={starsError ? errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">Your rating</legend>
            <div className="mt-1 flex flex-wrap items-center gap-1">
              {RATING_STARS.map((n) => (
                <label
                  key={n}
                  className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    ref={n === 1 ? field.ref : undefined}
                    className="sr-only"
                  />
                  <Star
                    aria-hidden
                    className={`size-9 ${
                      (field.value ?? 0) >= n ? 'fill-amber-400 text-amber-500' : 'text-slate-400'
                    }`}
                  />
                  <span className="sr-only">
                    {n} {n === 1 ? 'star' : 'stars'}, {WORDS[n]}
                  </span>
                </label>
              ))}
              <span aria-hidden className="ml-2 text-sm text-slate-700">
                {WORDS[field.value ?? 0]}
              </span>
            </div>
            {starsError && (
              <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">
                {starsError}
              </p>
            )}
          </fieldset>
        )}
      />
      <TextAreaField
        label="Comment (optional)"
        hint={`Up to ${RATING_COMMENT_MAX} characters.`}
        maxLength={RATING_COMMENT_MAX}
        error={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={props.pending} className="justify-self-start">
        {props.pending ? 'Sending...' : 'Submit Rating'}
      </Button>
    </form>
  );
}
