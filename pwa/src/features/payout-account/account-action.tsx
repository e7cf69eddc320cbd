import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import type { PayoutAccountView } from '@twinclean/shared/payout-accounts';
import { Button } from '@twinclean/shared/ui/button';
import { useOnline } from '../../lib/online';
import { useStripeOnboarding } from './account-queries';
import { accountAction, PAYOUT_OFFLINE_MESSAGE } from './account-text';

/**
 * The next step for the account: Stripe's onboarding (the provider leaves for Stripe and comes
 * back to /payouts/account), or the test-mode form. Both need a connection.
 */
export function AccountAction({ account }: { account: PayoutAccountView }) {
  const action = accountAction(account);
  const online = useOnline();
  const onboarding = useStripeOnboarding();
  const navigate = useNavigate();
  if (!action) return null;
  // Still pending after success: the browser is on its way to Stripe.
  const busy = onboarding.isPending || onboarding.isSuccess;
  return (
    <div className="grid gap-2">
      {!online && (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {PAYOUT_OFFLINE_MESSAGE}
        </p>
      )}
      {onboarding.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {serverMessage(onboarding.error, 'Stripe could not be reached. Try again.')}
        </p>
      )}
      <Button
        variant={action.kind === 'local' && account.state !== 'none' ? 'secondary' : 'primary'}
        disabled={!online || busy}
        onClick={() =>
          action.kind === 'stripe' ? onboarding.mutate() : void navigate({ to: '/payouts/account' })
        }
      >
        {busy ? 'Opening Stripe…' : action.label}
      </Button>
    </div>
  );
}
