import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useMarkPaid } from './api';

/** Spec 2 "Admin payouts" and §8: Processing... while it runs, then a toast either way. */
export function MarkPaidButton({ payoutId, provider }: { payoutId: string; provider: string }) {
  const markPaid = useMarkPaid();
  return (
    <Button
      className="h-9 whitespace-nowrap px-3 text-sm"
      disabled={markPaid.isPending}
      aria-label={markPaid.isPending ? undefined : `Mark Paid: ${provider}`}
      onClick={() =>
        markPaid.mutate(payoutId, {
          // The answer says which: the payout, or a tip that came after it.
          onSuccess: (answer) => toast({ title: 'Success', description: answer.message }),
          onError: (error) =>
            toast({
              title: 'Error',
              description: serverMessage(error, 'Failed to mark payout as paid'),
              variant: 'destructive',
            }),
        })
      }
    >
      {markPaid.isPending ? 'Processing...' : 'Mark Paid'}
    </Button>
  );
}
