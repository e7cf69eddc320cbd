import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CONTACT } from '@twinclean/shared/contact';
import type { Receipt } from '@twinclean/shared/payments';
import { formatDate, formatInstant } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { ArrowLeft, Printer } from 'lucide-react';
import { Facts } from '../../components/detail-card';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { PAYMENT_KIND_LABELS } from '../../lib/format';
import { receiptQueryOptions } from './api';
import { isNotFound } from './booking-not-found';
import { receiptTitle, signedAmount } from './receipt-format';

// On paper only the receipt: the site's header, footer, skip link and toasts are left out.
const PRINT_CSS = '@media print { #root > div > :not(main) { display: none !important; } }';

function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { booking } = receipt;
  return (
    <article
      aria-labelledby="receipt-title"
      className="mt-6 rounded-lg border bg-white p-6 shadow-sm print:mt-0 print:border-0 print:p-0 print:shadow-none"
    >
      <div className="flex flex-wrap justify-between gap-4 border-b pb-4">
        <div>
          <p className="text-xl font-bold text-brand-700">TwinClean</p>
          <p className="text-sm text-slate-600">Minneapolis–St Paul home cleaning</p>
        </div>
        <address className="text-sm not-italic text-slate-700 sm:text-right">
          {CONTACT.phone}
          <br />
          {CONTACT.email}
        </address>
      </div>
      <h1 id="receipt-title" className="mt-4 text-2xl font-bold tracking-tight">
        {receipt.type === 'refund' ? 'Refund receipt' : 'Payment receipt'}
      </h1>
      <div className="mt-4">
        <Facts
          rows={[
            [
              'Receipt number',
              <span key="id" className="break-all font-mono">
                {receipt.id}
              </span>,
            ],
            ['Date', formatInstant(receipt.createdAt)],
            ['For', receiptTitle(receipt)],
            ['Type', PAYMENT_KIND_LABELS[receipt.kind]],
            booking !== null && [
              'Booking',
              `${booking.serviceTitle}, ${formatDate(booking.scheduledDate)}, ${booking.address}, ${booking.city}, ${booking.state}`,
            ],
            booking !== null && ['Booking reference', booking.id],
            ['Card', receipt.cardLast4 ? `Ending in ${receipt.cardLast4}` : 'Not recorded'],
            receipt.reason !== null && ['Refund reason', receipt.reason],
          ]}
        />
      </div>
      <div className="mt-6 flex justify-between border-t pt-4 text-lg">
        <span className="font-semibold">
          {receipt.type === 'refund' ? 'Amount refunded' : 'Amount paid'}
        </span>
        <span className="font-bold tabular-nums">{signedAmount(receipt)}</span>
      </div>
    </article>
  );
}

/** /client/invoices/{id}: one receipt, laid out to print. */
export function ReceiptPage({ id }: { id: string }) {
  usePageMeta('Receipt | TwinClean', 'A printable receipt for your TwinClean payment.');
  const query = useQuery(receiptQueryOptions(id));
  return (
    <section className="mx-auto max-w-2xl px-4 py-8 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          to="/client/invoices"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          All invoices
        </Link>
        {query.data && (
          <Button
            variant="secondary"
            onClick={() => window.print()}
            className="inline-flex items-center gap-2"
          >
            <Printer className="size-4" aria-hidden />
            Print
          </Button>
        )}
      </div>
      {query.isPending ? (
        <Loading label="Loading your receipt…" />
      ) : query.isError ? (
        isNotFound(query.error) ? (
          <div className="py-12 text-center">
            <h1 className="text-2xl font-bold">Receipt Not Found</h1>
            <p className="mt-2 text-slate-600">This receipt is not in your account.</p>
          </div>
        ) : (
          <LoadFailed
            message="We couldn't load this receipt."
            retrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )
      ) : (
        <ReceiptSheet receipt={query.data} />
      )}
    </section>
  );
}
