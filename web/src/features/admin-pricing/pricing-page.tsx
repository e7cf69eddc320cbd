import { useQuery } from '@tanstack/react-query';
import { formatInstant } from '@twinclean/shared/schedule';
import { LoadFailed, Loading } from '../../components/query-states';
import { adminPricingQueryOptions } from './api';
import { PriceHistory } from './price-history';
import { PricingForm } from './pricing-form';

/** /admin/pricing (admin_owner): every price, saved as a new version, and the versions so far. */
export function PricingPage() {
  const pricing = useQuery(adminPricingQueryOptions());
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Pricing Config</h1>
        {pricing.data && (
          <p className="mt-1 text-sm text-slate-600">
            Version {pricing.data.version}, saved {formatInstant(pricing.data.savedAt)}
            {pricing.data.savedBy ? ` by ${pricing.data.savedBy.name}` : ''}. The site, estimates
            and new bookings use these prices; bookings already made keep theirs.
          </p>
        )}
      </div>
      {pricing.data ? (
        <PricingForm pricing={pricing.data} onReload={async () => (await pricing.refetch()).data} />
      ) : pricing.isError ? (
        <LoadFailed
          message="The prices could not be loaded."
          retrying={pricing.isFetching}
          onRetry={() => void pricing.refetch()}
        />
      ) : (
        <Loading label="Loading the prices..." />
      )}
      <PriceHistory />
    </div>
  );
}
