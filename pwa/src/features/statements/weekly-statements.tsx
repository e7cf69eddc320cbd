import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatWireDollars as dollars } from '@twinclean/shared/money';
import type { StatementWeek } from '@twinclean/shared/payout-transfers';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { QueryView } from '../../components/query-view';
import { StatTile } from '../../components/stat-tile';
import { statementsQuery } from './statement-queries';
import {
  hoursText,
  jobsCount,
  nextTransferText,
  paidThisYear,
  transferText,
  weekRange,
} from './statement-text';

// A phone screen of weeks; the rest (up to a year) one tap away.
const FIRST_WEEKS = 6;

/** My Earnings' "Paid this year" and "Next transfer" tiles; nothing until the list is read. */
export function PayoutTiles() {
  const { data } = useQuery(statementsQuery);
  if (!data) return null;
  return (
    <>
      <StatTile label="Paid this year" value={paidThisYear(data.years, new Date())} />
      {data.nextTransferAt ? (
        <StatTile label="Next transfer" value={nextTransferText(data.nextTransferAt)} />
      ) : (
        <StatTile label="Next transfer" value="Not scheduled" hint="Needs a payout account" />
      )}
    </>
  );
}

/** My Earnings' "Weekly statements": each week's earnings and transfer, newest first. */
export function WeeklyStatements() {
  const statements = useQuery(statementsQuery);
  const [all, setAll] = useState(false);
  return (
    <section aria-labelledby="weekly-statements-title" className="grid gap-2">
      <h2 id="weekly-statements-title" className="text-lg font-semibold">
        Weekly statements
      </h2>
      <QueryView query={statements} loading="Loading your statements…">
        {({ weeks }) =>
          weeks.length === 0 ? (
            <EmptyState title="No statements yet">
              Each week you work gets a statement here.
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-2">
                {(all ? weeks : weeks.slice(0, FIRST_WEEKS)).map((week) => (
                  <WeekRow key={week.weekStart} week={week} />
                ))}
              </ul>
              {!all && weeks.length > FIRST_WEEKS && (
                <button
                  type="button"
                  onClick={() => setAll(true)}
                  className="justify-self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Show all {weeks.length} weeks
                </button>
              )}
            </>
          )
        }
      </QueryView>
    </section>
  );
}

function WeekRow({ week }: { week: StatementWeek }) {
  return (
    <li className="rounded-lg border bg-white p-3">
      <div className="flex items-start justify-between gap-3">
        <div>
          <Link
            to="/payouts/statements/$weekStart"
            params={{ weekStart: week.weekStart }}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {weekRange(week.weekStart, week.weekEnd)}
          </Link>
          <p className="text-sm text-slate-600">
            {jobsCount(week.jobs)} · {hoursText(week.hours)}
          </p>
        </div>
        <p className="text-lg font-semibold">{dollars(week.total)}</p>
      </div>
      {week.transfer && (
        <p className="mt-1 text-sm">
          Transfer {dollars(week.transfer.amount)}: {transferText(week.transfer)}
        </p>
      )}
    </li>
  );
}
