import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPaymentRecord, PaymentRecordFilters } from '@twinclean/shared/admin-payments';
import { serverMessage } from '@twinclean/shared/http';
import { useState } from 'react';
import { Pager } from '../../components/pager';
import { LoadFailed, Loading } from '../../components/query-states';
import { paymentRecordsQueryOptions } from './api';
import { RecordsFilters } from './records-filters';
import { RecordsTable } from './records-table';
import { RefundDialog } from './refund-dialog';

/** /admin/payment-records: every payment and refund; the owner may refund (DECISIONS.md "Roles"). */
export function PaymentRecordsPage({
  filters,
  onFilters,
  isOwner,
}: {
  filters: PaymentRecordFilters;
  onFilters: (next: PaymentRecordFilters) => void;
  isOwner: boolean;
}) {
  const records = useQuery({
    ...paymentRecordsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
  const [refunding, setRefunding] = useState<AdminPaymentRecord | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Payment Records</h1>
      <RecordsFilters filters={filters} onFilters={onFilters} />
      {records.data ? (
        <div aria-busy={records.isPlaceholderData} className="space-y-4">
          <RecordsTable
            records={records.data.items}
            canRefund={isOwner}
            onRefund={(record) => {
              setRefunding(record);
              setDialogOpen(true);
            }}
          />
          <Pager
            page={records.data.page}
            pageSize={records.data.pageSize}
            total={records.data.total}
            onPage={(page) => onFilters({ ...filters, page })}
          />
        </div>
      ) : records.isError ? (
        <LoadFailed
          message={serverMessage(records.error, 'The payments could not be loaded.')}
          retrying={records.isFetching}
          onRetry={() => void records.refetch()}
        />
      ) : (
        <Loading label="Loading payments..." />
      )}
      {isOwner && refunding && (
        <RefundDialog
          key={refunding.id}
          payment={refunding}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
        />
      )}
    </div>
  );
}
