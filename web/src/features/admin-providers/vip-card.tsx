import type { AdminProvider } from '@twinclean/shared/admin-people';
import { VIP_MIN_RATED_JOBS, VIP_MIN_RATING } from '@twinclean/shared/admin-people';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { toast } from '@twinclean/shared/ui/toast-store';
import { DetailCard } from '../../components/detail-card';
import { Switch } from '../../components/ui/switch';
import { useSetVip } from './api';

/**
 * The admin's VIP mark (DECISIONS.md "Admin operations"): VIP providers see auction-board jobs
 * first. A provider may also be VIP by rating, which the mark does not change.
 */
export function VipCard({ provider }: { provider: AdminProvider }) {
  const setVip = useSetVip(provider.id);
  const toggle = (vip: boolean) =>
    setVip.mutate(vip, {
      onSuccess: () => toast({ title: vip ? 'Marked VIP' : 'VIP mark removed' }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to change the VIP mark'),
          variant: 'destructive',
        }),
    });
  return (
    <DetailCard title="VIP" aside={provider.vip ? <Badge tone="warning">VIP</Badge> : undefined}>
      <Switch
        label="Marked VIP by an admin"
        description={`VIP providers see auction-board jobs first. A rating of ${VIP_MIN_RATING} or more over ${VIP_MIN_RATED_JOBS} rated jobs makes a provider VIP too.`}
        checked={setVip.isPending ? Boolean(setVip.variables) : provider.vipMarked}
        onChange={(next) => {
          if (!setVip.isPending) toggle(next);
        }}
      />
      {provider.vipMarkedAt && (
        <p className="mt-2 text-sm text-slate-600">
          Marked {formatInstant(provider.vipMarkedAt)}
          {provider.vipMarkedBy ? ` by ${provider.vipMarkedBy}` : ''}.
        </p>
      )}
    </DetailCard>
  );
}
