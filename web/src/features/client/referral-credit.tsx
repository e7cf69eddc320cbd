import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatWireDollars as money } from '@twinclean/shared/money';
import { type ClientCredits, CREDIT_KIND_LABELS } from '@twinclean/shared/referrals';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { DetailCard } from '../../components/detail-card';
import { LoadFailed, Loading } from '../../components/query-states';
import { clientCreditsQueryOptions } from '../../lib/credits';
import { referralStanding, shareTerms, signedDollars } from './credit-format';

/** The referral link with Copy; the outcome is said in a live region beside the button. */
function ShareLink({ link }: { link: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  // Cleared after a while, so copying again is announced again.
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 5000);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid('Link copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected to copy.
      input.current?.select();
      setSaid('Press Ctrl+C (⌘C on a Mac) to copy the selected link');
    }
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Your referral link
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          ref={input}
          value={link}
          readOnly
          onFocus={(e) => e.target.select()}
          className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm"
        />
        <Button
          variant="secondary"
          className="inline-flex shrink-0 items-center gap-1.5"
          onClick={() => void copy()}
        >
          <Copy className="size-4" aria-hidden />
          Copy
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-green-800">
        {said}
      </p>
    </div>
  );
}

function Ledger({ entries }: { entries: ClientCredits['entries'] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">No credit yet.</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="flex justify-between gap-3 border-b pb-2 last:border-0">
          <span className="grid gap-0.5">
            <span className="font-medium">{CREDIT_KIND_LABELS[entry.kind]}</span>
            <span className="text-slate-600">
              {formatInstant(entry.createdAt)}
              {entry.bookingId && (
                <>
                  {' · '}
                  <Link
                    to="/client/bookings/$id"
                    params={{ id: entry.bookingId }}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    View booking
                  </Link>
                </>
              )}
            </span>
          </span>
          <span className="font-semibold tabular-nums">{signedDollars(entry.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

function Friends({ credits }: { credits: ClientCredits }) {
  if (credits.referrals.length === 0) {
    return <p className="text-sm text-slate-600">No friends referred yet.</p>;
  }
  return (
    <ul className="grid gap-2 text-sm">
      {credits.referrals.map((referral) => {
        const standing = referralStanding(referral, credits.yourCredit);
        return (
          <li key={`${referral.firstName}-${referral.createdAt}`} className="grid gap-0.5">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{referral.firstName || 'A friend'}</span>
              <Badge tone={standing.tone}>{standing.label}</Badge>
            </span>
            {standing.note && <span className="text-slate-600">{standing.note}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function Heading({ children }: { children: string }) {
  return <h3 className="mb-2 font-semibold">{children}</h3>;
}

/**
 * /client's "Referral credit" (issue 34): the balance spent on the next booking, the link to
 * share, what each side gets, the ledger and the friends referred.
 */
export function ReferralCredit() {
  const query = useQuery(clientCreditsQueryOptions());
  const terms = query.data && shareTerms(query.data.friendCredit, query.data.yourCredit);
  return (
    <DetailCard title="Referral credit" className="mt-8">
      {query.isPending ? (
        <Loading label="Loading your referral credit…" />
      ) : query.isError ? (
        <LoadFailed
          message="We couldn't load your referral credit."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <div className="grid content-start gap-4">
            <p>
              <span className="block text-3xl font-bold tabular-nums">
                {money(query.data.balance)}
              </span>
              <span className="text-sm text-slate-600">
                Taken off your next booking before your card is charged; never paid out in cash.
              </span>
            </p>
            {terms && <p className="text-sm text-slate-700">{terms}</p>}
            <ShareLink link={query.data.referralLink} />
          </div>
          <div className="grid content-start gap-6">
            <section>
              <Heading>History</Heading>
              <Ledger entries={query.data.entries} />
            </section>
            <section>
              <Heading>Friends referred</Heading>
              <Friends credits={query.data} />
            </section>
          </div>
        </div>
      )}
    </DetailCard>
  );
}
