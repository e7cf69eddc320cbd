import { hasCode } from '@twinclean/shared/http';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Puts the API's `validation_error` issues under the fields they name (request and form share
 * one schema, so one set of names). Returns the fields it marked; none for any other error.
 */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'setError'>,
): (keyof T & string)[] {
  if (!hasCode(error, 'validation_error')) return [];
  const fields = new Set(Object.keys(form.getValues()));
  const marked: (keyof T & string)[] = [];
  for (const issue of error.body.issues ?? []) {
    const name = issue.path[0];
    if (typeof name !== 'string' || !fields.has(name) || marked.includes(name)) continue;
    form.setError(name as Path<T>, { type: 'server', message: issue.message });
    marked.push(name);
  }
  return marked;
}
