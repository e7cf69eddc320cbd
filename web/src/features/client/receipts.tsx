import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Receipt } from '@twinclean/shared/payments';
import { formatInstant } from '@twinclean/shared/schedule';
import { ArrowLeft } from 'lucide-react';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { cardLabel } from '../../lib/format';
import { receiptsQueryOptions } from './api';
import { receiptTitle, signedAmount } from './receipt-format';

function ReceiptRow({ receipt }: { receipt: Receipt }) {
  return (
    <li className="grid gap-1 rounded-lg border bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <p className="font-medium">{receiptTitle(receipt)}</p>
        <p className="text-sm text-slate-600">
          {formatInstant(receipt.createdAt)}
          {cardLabel(receipt.cardLast4) && ` · ${cardLabel(receipt.cardLast4)}`}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <span className="font-semibold tabular-nums">{signedAmount(receipt)}</span>
        <Link
          to="/client/invoices/$id"
          params={{ id: receipt.id }}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          View receipt<span className="sr-only">: {receiptTitle(receipt)}</span>
        </Link>
      </div>
    </li>
  );
}

/** /client/invoices (DECISIONS.md "Payments": every payment and refund has a receipt). */
export function ReceiptsPage() {
  usePageMeta('Invoices | TwinClean', 'Receipts for your TwinClean payments and refunds.');
  const receipts = useQuery(receiptsQueryOptions());
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/client"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Invoices</h1>
      <p className="mt-1 text-slate-600">A receipt for every payment and refund.</p>
      {receipts.isPending ? (
        <Loading label="Loading your receipts…" />
      ) : receipts.isError ? (
        <LoadFailed
          message="We couldn't load your receipts."
          retrying={receipts.isFetching}
          onRetry={() => void receipts.refetch()}
        />
      ) : receipts.data.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed p-6 text-center text-slate-600">
          No receipts yet. They appear here after your first payment.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {receipts.data.map((receipt) => (
            <ReceiptRow key={receipt.id} receipt={receipt} />
          ))}
        </ul>
      )}
    </section>
  );
}
