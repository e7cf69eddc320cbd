import {
  LOCAL_TRANSFER_FAILURE_MESSAGE,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import { FlaskConical } from 'lucide-react';

const ACCOUNTS = [
  { number: TEST_BANK_ACCOUNTS.succeeds, outcome: 'Every weekly transfer reaches it.' },
  {
    number: TEST_BANK_ACCOUNTS.transfersFail,
    outcome: `Saves, but every transfer to it is refused: "${LOCAL_TRANSFER_FAILURE_MESSAGE}"`,
  },
];

/** The test bank accounts the LocalGateway takes, as the test checkout lists its cards. */
export function TestBankAccounts() {
  return (
    <section
      aria-labelledby="test-bank-title"
      className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm"
    >
      <h2 id="test-bank-title" className="flex items-center gap-2 font-bold text-amber-900">
        <FlaskConical className="size-5" aria-hidden />
        TEST MODE
      </h2>
      <p className="mt-1 text-amber-900">
        No real money moves. This form takes only these test bank accounts, with the routing number{' '}
        <span className="font-mono font-semibold">{TEST_ROUTING_NUMBER}</span>:
      </p>
      <ul className="mt-2 grid gap-1.5">
        {ACCOUNTS.map((account) => (
          <li key={account.number}>
            <span className="font-mono font-semibold">{account.number}</span>{' '}
            <span className="text-slate-700">{account.outcome}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
