import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PricingVersion } from '@twinclean/shared/admin-pricing';
import { formatInstant } from '@twinclean/shared/schedule';
import { useState } from 'react';
import { DetailCard } from '../../components/detail-card';
import { Pager } from '../../components/pager';
import { LoadFailed, Loading } from '../../components/query-states';
import { pricingHistoryQueryOptions } from './api';

function Version({ version }: { version: PricingVersion }) {
  return (
    <li className="grid gap-2 border-t py-4 first:border-t-0 first:pt-0">
      <p className="text-sm">
        <strong>Version {version.version}</strong>
        <span className="text-slate-600">
          {' '}
          · {formatInstant(version.createdAt)} ·{' '}
          {version.createdBy ? version.createdBy.name : 'System'}
        </span>
      </p>
      {version.note && <p className="text-sm italic text-slate-700">{version.note}</p>}
      {version.changes.length === 0 ? (
        <p className="text-sm text-slate-600">The first prices.</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label={`Changes in version ${version.version}`}>
          {version.changes.map((change) => (
            <li key={change.field} className="break-words">
              {change.label}: {change.from ?? '—'} → <strong>{change.to ?? '—'}</strong>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Every saved version, newest first, with who saved it and what it changed. */
export function PriceHistory() {
  const [page, setPage] = useState(1);
  const history = useQuery({
    ...pricingHistoryQueryOptions(page),
    placeholderData: keepPreviousData,
  });
  return (
    <DetailCard title="History">
      {history.data ? (
        <div aria-busy={history.isPlaceholderData} className="grid gap-4">
          {history.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">No versions on this page.</p>
          ) : (
            <ol className="grid">
              {history.data.items.map((version) => (
                <Version key={version.version} version={version} />
              ))}
            </ol>
          )}
          <Pager
            page={history.data.page}
            pageSize={history.data.pageSize}
            total={history.data.total}
            onPage={setPage}
          />
        </div>
      ) : history.isError ? (
        <LoadFailed
          message="The price history could not be loaded."
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <Loading label="Loading the price history..." />
      )}
    </DetailCard>
  );
}
