import { REFERRAL_PARAM } from '@twinclean/shared/referrals';

// The referral code of the link a visitor arrived by (issue 34: /book?ref=AB12CD34). Local
// storage, not the tab's session: a friend often opens the link, looks around, and books days
// later in another tab, but not for ever: a link opened long ago is dropped after 60 days, as a
// shared link's cookie would lapse. This module is the only one that touches it.

const STORAGE_KEY = 'twinclean.referral-code';
/** What a code looks like (the server makes 8 letters and digits and refuses an unknown one). */
const CODE = /^[A-Z0-9]{4,20}$/;
/** How long a link's code is kept after it was opened. */
export const REFERRAL_KEPT_DAYS = 60;
const KEPT_MS = REFERRAL_KEPT_DAYS * 24 * 60 * 60 * 1000;

/** What is stored: the code and when its link was opened (ms since the epoch). */
type Kept = { code: string; at: number };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage refused (private mode, a blocked cookie policy): the link simply earns nothing.
    return null;
  }
}

/** The referral code a page's query string carries ("?ref=ab12cd34"), upper-cased; null if none. */
export function referralCodeIn(search: string): string | null {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM)?.trim().toUpperCase();
  return code && CODE.test(code) ? code : null;
}

/** Keeps the code of the link the page was opened by, with the time; a later link's replaces it. */
export function captureReferral(search: string, store = storage(), now = new Date()): void {
  const code = referralCodeIn(search);
  if (!code) return;
  try {
    const kept: Kept = { code, at: now.getTime() };
    store?.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Full or refused: the booking goes without it.
  }
}

/** The stored entry, or null when it is not one this module wrote. */
function parseKept(raw: string): Kept | null {
  try {
    const kept = JSON.parse(raw) as Partial<Kept> | null;
    const fits = typeof kept?.code === 'string' && CODE.test(kept.code);
    return fits && typeof kept.at === 'number' ? { code: kept.code as string, at: kept.at } : null;
  } catch {
    return null;
  }
}

/** The kept referral code, '' when there is none; one kept past 60 days (or unreadable) is dropped. */
export function storedReferral(store = storage(), now = new Date()): string {
  const raw = store?.getItem(STORAGE_KEY);
  if (!raw) return '';
  const kept = parseKept(raw);
  if (kept && now.getTime() - kept.at <= KEPT_MS) return kept.code;
  forgetReferral(store);
  return '';
}

/**
 * Forgets the kept code once a booking carried it: the server decided that client's referral
 * (credited, or refused with its rule), and any later booking is no longer a first one.
 */
export function forgetReferral(store = storage()): void {
  store?.removeItem(STORAGE_KEY);
}
