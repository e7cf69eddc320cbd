import { ApiError, hasCode } from '@twinclean/shared/http';
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

/**
 * The form fields an API refusal names with its words (`details.fields`, e.g. a gift card's
 * delivery date out of range, or a gift card code refused at booking): { deliverOn: "…" }.
 */
export function serverFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const details = error.body.details as { fields?: unknown } | undefined;
  const fields = details?.fields ?? error.body.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * Puts an API refusal's words under the fields it names, and its validation issues likewise
 * (showServerIssues). Returns the fields it marked.
 */
export function showServerProblems<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'setError'>,
): (keyof T & string)[] {
  const marked = showServerIssues(error, form);
  const known = new Set(Object.keys(form.getValues()));
  for (const [name, message] of Object.entries(serverFields(error))) {
    if (!known.has(name) || marked.includes(name)) continue;
    form.setError(name as Path<T>, { type: 'server', message });
    marked.push(name);
  }
  return marked;
}
