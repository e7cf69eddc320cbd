import { REFERRAL_PARAM } from '@twinclean/shared/referrals';

// The referral code of the link a visitor arrived by (issue 34: /book?ref=AB12CD34). Local
// storage, not the tab's session: a friend often opens the link, looks around, and books days
// later in another tab. This module is the only one that touches it.

const STORAGE_KEY = 'twinclean.referral-code';
/** What a code looks like (the server makes 8 letters and digits and refuses an unknown one). */
const CODE = /^[A-Z0-9]{4,20}$/;

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

/** Keeps the code of the link the page was opened by; a later link's code replaces it. */
export function captureReferral(search: string, store = storage()): void {
  const code = referralCodeIn(search);
  if (!code) return;
  try {
    store?.setItem(STORAGE_KEY, code);
  } catch {
    // Full or refused: the booking goes without it.
  }
}

/** The kept referral code, '' when there is none. */
export function storedReferral(store = storage()): string {
  const code = store?.getItem(STORAGE_KEY) ?? '';
  return CODE.test(code) ? code : '';
}

/**
 * Forgets the kept code once a booking carried it: the server decided that client's referral
 * (credited, or refused with its rule), and any later booking is no longer a first one.
 */
export function forgetReferral(store = storage()): void {
  store?.removeItem(STORAGE_KEY);
}
