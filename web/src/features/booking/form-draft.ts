import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

// A booking form left for another page (adding a card for a recurring cleaning) finds what was
// typed when the user comes back in the same tab. Session storage: gone with the tab, and
// cleared once the booking is made. A user's draft is theirs only; a guest's draft follows the
// guest into signing in (the tab's own typing, now booked under their account).

type Draft<T> = { owner: string | null; step: number; values: T };

const storageKey = (form: string) => `twinclean.booking-draft.${form}`;

/**
 * A gift card's code is a bearer secret (whoever holds it spends the balance): it is never kept
 * in storage, and the field is typed again after leaving the page.
 */
const SECRET_FIELDS = ['giftCardCode'] as const;

function withoutSecrets<T>(values: T): T {
  if (typeof values !== 'object' || values === null) return values;
  const kept: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const field of SECRET_FIELDS) delete kept[field];
  return kept as T;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (private mode, a blocked cookie policy): the form simply starts empty.
    return null;
  }
}

/** The saved draft's values over the defaults, with its step; the defaults when none fits. */
export function loadDraft<T extends object>(
  form: string,
  owner: string | null,
  defaults: T,
): { values: T; step: number } {
  const raw = storage()?.getItem(storageKey(form));
  if (!raw) return { values: defaults, step: 0 };
  try {
    const draft = JSON.parse(raw) as Partial<Draft<Partial<T>>>;
    const foreign = draft.owner !== null && draft.owner !== owner;
    if (foreign || typeof draft.values !== 'object' || draft.values === null) {
      // Someone else's typing (entry notes among it) goes, rather than waiting for its owner.
      clearDraft(form);
      return { values: defaults, step: 0 };
    }
    // A code an older page saved is dropped, not applied again.
    const values = { ...defaults, ...withoutSecrets(draft.values) };
    return { values, step: Number(draft.step) || 0 };
  } catch {
    return { values: defaults, step: 0 };
  }
}

export function saveDraft<T>(form: string, draft: Draft<T>): void {
  try {
    const kept = { ...draft, values: withoutSecrets(draft.values) };
    storage()?.setItem(storageKey(form), JSON.stringify(kept));
  } catch {
    // Full or refused: the form still works, it is only not kept.
  }
}

export const clearDraft = (form: string): void => storage()?.removeItem(storageKey(form));

/** Keeps the form's values (and the wizard's step) in the draft as they change. */
export function useKeepDraft<T extends FieldValues>(
  name: string,
  form: UseFormReturn<T, unknown, unknown>,
  owner: string | null,
  step = 0,
): void {
  useEffect(() => {
    saveDraft(name, { owner, step, values: form.getValues() });
    const { unsubscribe } = form.watch((values) => saveDraft(name, { owner, step, values }));
    return unsubscribe;
  }, [name, form, owner, step]);
}
