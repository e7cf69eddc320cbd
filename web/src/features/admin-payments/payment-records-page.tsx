import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPaymentRecord, PaymentRecordFilters } from '@twinclean/shared/admin-payments';
import { serverMessage } from '@twinclean/shared/http';
import { useState } from 'react';
import { ListFrame } from '../../components/admin-list/list-frame';
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
      <ListFrame
        query={records}
        loading="Loading payments..."
        failed={serverMessage(records.error, 'The payments could not be loaded.')}
        empty="No payments found"
        onPage={(page) => onFilters({ ...filters, page })}
      >
        {(items) => (
          <RecordsTable
            records={items}
            canRefund={isOwner}
            onRefund={(record) => {
              setRefunding(record);
              setDialogOpen(true);
            }}
          />
        )}
      </ListFrame>
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
