import type { PayoutAccountView } from '@twinclean/shared/payout-accounts';
import { accountStateLabel, accountTone } from './account-text';

const TONES = {
  good: 'bg-green-100 text-green-800',
  bad: 'bg-red-100 text-red-800',
  waiting: 'bg-amber-100 text-amber-900',
};

/** The account's state, and what the gateway still needs as a list. */
export function AccountSummary({ account }: { account: PayoutAccountView }) {
  return (
    <div className="grid gap-2">
      <p>
        <span className="sr-only">Status: </span>
        <span
          className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${
            TONES[accountTone(account.state)]
          }`}
        >
          {accountStateLabel(account)}
        </span>
      </p>
      {account.missing.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-800">Still needed:</p>
          <ul className="ml-5 list-disc text-slate-700">
            {account.missing.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {account.state === 'none' && (
        <p className="text-sm text-slate-600">
          Connect a bank account and your pay arrives every week without asking.
        </p>
      )}
    </div>
  );
}
