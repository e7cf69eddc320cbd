import { REFERRAL_REFUSALS, type ReferralView } from '@twinclean/shared/referrals';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// How /admin/referrals writes a referral's state.

export type ReferralStatus = ReferralView['status'];

export const REFERRAL_STATUS: Record<ReferralStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting', tone: 'warning' },
  credited: { label: 'Credited', tone: 'success' },
  refused: { label: 'Refused', tone: 'danger' },
};

export const STATUS_CHOICES = Object.entries(REFERRAL_STATUS).map(([value, s]) => ({
  value,
  label: s.label,
}));

/** The anti-farming rule a refusal was under, in the words clients read; an unknown one as stored. */
export const refusalText = (reason: string | null): string | null =>
  reason === null ? null : ((REFERRAL_REFUSALS as Record<string, string>)[reason] ?? reason);

/** Under the status: the rule a refusal broke, or what a waiting referral waits for. */
export function statusNote(
  referral: Pick<ReferralView, 'status' | 'refusedReason'>,
): string | null {
  if (referral.status === 'refused') return refusalText(referral.refusedReason);
  if (referral.status === 'waiting')
    return 'The referrer is credited once the first visit is completed';
  return null;
}
