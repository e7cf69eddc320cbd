import { zodResolver } from '@hookform/resolvers/zod';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import { type ServedZipsView, servedZipsSchema } from '@twinclean/shared/service-area';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { useSaveServedZips } from './api';
import { ZipList } from './zip-list';
import { changesOf, changesText, parseZips, withZips } from './zips';
import '@twinclean/shared/zod-english';

type Input = z.input<typeof servedZipsSchema>;
type Output = z.output<typeof servedZipsSchema>;

const zipsOf = (view: ServedZipsView) => view.zips.map((z) => z.zip);

/**
 * The owner's editor: ZIPs added (several at once) and removed here stay unsaved until Save,
 * which replaces the whole list. What was typed and edited stays whatever the answer; the
 * unsaved changes are shown, and the saved ones are said once saved.
 */
export function ZipEditor({ view }: { view: ServedZipsView }) {
  const save = useSaveServedZips();
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(servedZipsSchema),
    defaultValues: { zips: zipsOf(view) },
  });
  const zips = form.watch('zips');
  const places = useMemo(() => new Map(view.zips.map((z) => [z.zip, z.place])), [view]);
  const pending = changesOf(zipsOf(view), zips);
  const dirty = pending.added.length + pending.removed.length > 0;
  const listError =
    form.formState.errors.zips?.message ?? form.formState.errors.zips?.root?.message;

  const setZips = (next: string[]) => {
    setSaved(null);
    form.setValue('zips', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const add = () => {
    const parsed = parseZips(typed);
    if ('error' in parsed) {
      setTypedError(parsed.error);
      return;
    }
    setTypedError(undefined);
    setTyped('');
    setZips(withZips(zips, parsed.zips));
  };

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (answer) => {
        form.reset({ zips: answer.zips.map((z) => z.zip) });
        const said = changesText(answer);
        setSaved(said);
        toast({ title: 'Service area saved', description: said });
      },
      onError: (error) => {
        const message = serverMessage(
          error,
          'The service area could not be saved. Please try again.',
        );
        setFailure(message);
        toast({ title: 'Error', description: message, variant: 'destructive' });
        if (hasCode(error, 'validation_error')) {
          form.setError('zips', {
            type: 'server',
            message: error.body.issues?.[0]?.message ?? message,
          });
        }
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Service area" className="grid gap-5">
      <div className="grid gap-3 rounded-lg border bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-60">
            <Field
              label="Add ZIP codes"
              hint="One or several, separated by commas or spaces"
              inputMode="numeric"
              autoComplete="off"
              value={typed}
              error={typedError}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                // Enter adds what is typed; Save is its own button.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          </div>
          <Button variant="secondary" onClick={add} disabled={save.isPending}>
            Add
          </Button>
        </div>
      </div>
      <section aria-labelledby="served-zips" className="grid gap-3">
        <h2 id="served-zips" className="text-lg font-semibold">
          Served ZIP codes ({zips.length})
        </h2>
        <ZipList
          zips={zips.map((zip) => ({ zip, place: places.get(zip) ?? null }))}
          onRemove={(zip) => setZips(zips.filter((z) => z !== zip))}
          disabled={save.isPending}
        />
        {listError && (
          <p role="alert" className="text-sm text-red-700">
            {listError}
          </p>
        )}
      </section>
      <div role="status" className="text-sm text-slate-700">
        {dirty ? `Not saved yet: ${changesText(pending)}` : saved ? `Saved. ${saved}` : ''}
      </div>
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={!dirty || save.isPending}
          onClick={() => {
            setFailure(null);
            form.reset({ zips: zipsOf(view) });
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save service area'}
        </Button>
      </div>
    </form>
  );
}
