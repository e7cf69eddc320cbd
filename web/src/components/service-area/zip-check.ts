import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
import { getJson, hasCode } from '@twinclean/shared/http';
import {
  notServedMessage,
  type ServiceAreaCheck,
  serviceAreaCheckSchema,
} from '@twinclean/shared/service-area';
import { useEffect, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';

// The booking forms' ZIP check as it is typed (issue 34). The server checks again on submit:
// a check that fails (offline, a 500) lets the booking go on rather than block it.

/** How long after the last keystroke the ZIP is asked about. */
export const ZIP_CHECK_DELAY_MS = 300;
/** The owner may add a ZIP: a long-open form asks again after this. */
const CHECK_STALE_MS = 5 * 60_000;

export const isCompleteZip = (zip: string) => /^\d{5}$/.test(zip);

export const zipCheckKey = (zip: string) => ['/api/service-area', zip] as const;

export const zipCheckQueryOptions = (zip: string) => ({
  queryKey: zipCheckKey(zip),
  queryFn: async (): Promise<ServiceAreaCheck> =>
    serviceAreaCheckSchema.parse(await getJson(`/api/service-area/${zip}`)),
  staleTime: CHECK_STALE_MS,
});

/** What the form says about one ZIP: only a known "not served" holds the booking back. */
export type ZipVerdict = 'incomplete' | 'checking' | 'served' | 'not_served' | 'unknown';

export function verdictOf(
  zip: string,
  query: { data?: ServiceAreaCheck; isError: boolean },
): ZipVerdict {
  if (!isCompleteZip(zip)) return 'incomplete';
  if (query.data?.zip === zip) return query.data.served ? 'served' : 'not_served';
  return query.isError ? 'unknown' : 'checking';
}

/** The ZIPs a 422 `not_served` names, by form field ({ pickupZipCode: "We don't serve…" }). */
export function notServedFields(error: unknown): Record<string, string> {
  if (!hasCode(error, 'not_served')) return {};
  const fields = (error.body.details as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * The first of these ZIPs we know is not served, asking the server for any not asked yet; a
 * failed check counts as served (the server has the last word on submit).
 */
export async function firstUnserved(
  ask: (zip: string) => Promise<ServiceAreaCheck>,
  zips: readonly string[],
): Promise<number> {
  for (const [index, zip] of zips.entries()) {
    if (!isCompleteZip(zip)) continue;
    const served = await ask(zip).then(
      (check) => check.served,
      () => true,
    );
    if (!served) return index;
  }
  return -1;
}

/** The value a form holds, after it has stayed the same for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const markNotServed = (queryClient: QueryClient, zip: string, message: string) =>
  queryClient.setQueryData<ServiceAreaCheck>(zipCheckKey(zip), {
    zip,
    served: false,
    place: null,
    message,
  });

/**
 * The service-area state of a booking form's ZIP fields: each one's verdict and message, a
 * check to run before going on, and the server's 422 put under the fields it names.
 */
export function useServedZips<T extends FieldValues, F extends Path<T>, O = unknown>(
  form: UseFormReturn<T, unknown, O>,
  fields: readonly F[],
) {
  const queryClient = useQueryClient();
  const zips = (useWatch({ control: form.control, name: [...fields] }) as unknown[]).map((v) =>
    typeof v === 'string' ? v.trim() : '',
  );
  const settled = useSettled(zips.join(','), ZIP_CHECK_DELAY_MS).split(',');
  // Keyed by what is typed now, asked once it settles: a check already made shows at once.
  const queries = useQueries({
    queries: zips.map((zip, index) => ({
      ...zipCheckQueryOptions(zip),
      enabled: isCompleteZip(zip) && settled[index] === zip,
    })),
  });
  const at = (field: F) => fields.indexOf(field);
  const verdict = (field: F): ZipVerdict => {
    const index = at(field);
    const query = queries[index];
    return query ? verdictOf(zips[index] ?? '', query) : 'incomplete';
  };
  return {
    verdict,
    zipOf: (field: F) => zips[at(field)] ?? '',
    /** "We don't serve 55802 yet" while this field's ZIP is not served. */
    messageOf: (field: F) =>
      verdict(field) === 'not_served' ? notServedMessage(zips[at(field)] ?? '') : undefined,
    /** Before going on: true (and the ZIP field focused) when a ZIP is not served. */
    refuse: async () => {
      const current = fields.map((field) => String(form.getValues(field) ?? '').trim());
      const index = await firstUnserved(
        (zip) => queryClient.fetchQuery(zipCheckQueryOptions(zip)),
        current,
      );
      const field = fields[index];
      if (field) form.setFocus(field);
      return Boolean(field);
    },
    /** A 422 `not_served`: its words under the fields it names; the fields marked. */
    showServerRefusal: (error: unknown): F[] => {
      const marked: F[] = [];
      for (const [name, message] of Object.entries(notServedFields(error))) {
        const field = fields.find((f) => f === name);
        if (!field) continue;
        markNotServed(queryClient, String(form.getValues(field) ?? '').trim(), message);
        form.setError(field, { type: 'server', message });
        marked.push(field);
      }
      return marked;
    },
  };
}

export type ServedZips<T extends FieldValues, F extends Path<T> = Path<T>> = ReturnType<
  typeof useServedZips<T, F>
>;
