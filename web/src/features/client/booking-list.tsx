import { Link } from '@tanstack/react-router';
import type { ClientBookingSummary } from '@twinclean/shared/client-bookings';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { CalendarDays, ChevronRight, Clock, MapPin } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { money } from '../../lib/format';
import { StatusBadge } from './status-badge';

/** Spec 2 §2, §9: the past bookings list shows its first 5. */
export const PAST_SHOWN = 5;

/** One booking on the dashboard; the whole card opens its page. */
function BookingCard({ booking }: { booking: ClientBookingSummary }) {
  const date = formatDate(booking.scheduledDate);
  return (
    <li className="relative rounded-lg border bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold">
          {/* The link covers the card (after:inset-0), so a tap anywhere opens it. */}
          <Link
            to="/client/bookings/$id"
            params={{ id: booking.id }}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {serviceTitle(booking.serviceType)}
            <span className="sr-only"> on {date}</span>
          </Link>
        </h3>
        <StatusBadge status={booking.status} />
      </div>
      <ul className="mt-3 grid gap-1 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden />
          {date}
        </li>
        <li className="flex items-center gap-2">
          <Clock className="size-4 shrink-0 text-slate-500" aria-hidden />
          {formatSlot(booking.scheduledTime)}
        </li>
        <li className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className="min-w-0 break-words">
            {booking.address}, {booking.city}, {booking.state}
          </span>
        </li>
      </ul>
      <div className="mt-3 flex flex-wrap items-baseline justify-between gap-2 border-t pt-3 text-sm">
        <span>
          {booking.priceIsFinal ? 'Total' : 'Estimated total'}{' '}
          <strong className="tabular-nums">{money(booking.totalAmount)}</strong>
        </span>
        {booking.amountDue && (
          <span className="font-semibold text-amber-900">
            Payment due {money(booking.amountDue)}
          </span>
        )}
      </div>
    </li>
  );
}

/**
 * A titled list of bookings: all, or the first `limit` and the rest on request. `collapsed`: a
 * group the client opens when they want it (a disclosure button as its heading).
 */
export function BookingList(props: {
  title: string;
  bookings: readonly ClientBookingSummary[];
  empty: ReactNode;
  limit?: number;
  collapsed?: boolean;
}) {
  const { title, bookings, empty, limit = Number.POSITIVE_INFINITY, collapsed = false } = props;
  const [all, setAll] = useState(false);
  const [open, setOpen] = useState(!collapsed);
  const headingId = useId();
  const listId = useId();
  const shown = all ? bookings : bookings.slice(0, limit);
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold">
        {collapsed ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((wasOpen) => !wasOpen)}
            className="-mx-2 inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ChevronRight
              className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-90' : ''}`}
              aria-hidden
            />
            {title}
            <span className="font-normal text-slate-600">({bookings.length})</span>
          </button>
        ) : (
          title
        )}
      </h2>
      {!open ? (
        // Kept in the page, hidden, so the button's aria-controls names an element.
        <ul id={listId} hidden />
      ) : bookings.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed p-6 text-center text-slate-600">
          {empty}
        </div>
      ) : (
        <>
          <ul id={listId} className="mt-4 grid gap-4 md:grid-cols-2">
            {shown.map((booking) => (
              <BookingCard key={booking.id} booking={booking} />
            ))}
          </ul>
          {bookings.length > limit && (
            <Button
              variant="secondary"
              className="mt-4"
              aria-controls={listId}
              aria-expanded={all}
              onClick={() => setAll((shownAll) => !shownAll)}
            >
              {all ? 'Show fewer' : `Show all (${bookings.length})`}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
