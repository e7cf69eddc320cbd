import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AdminClient } from '@twinclean/shared/admin-people';
import { statusLabel } from '@twinclean/shared/booking-status';
import { formatWireDollars } from '@twinclean/shared/money';
import { formatDate, formatInstant, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { PLAN_NAMES } from '@twinclean/shared/subscriptions';
import { Badge } from '@twinclean/shared/ui/badge';
import { AccountStateCard } from '../../components/admin-list/account-state';
import { statusTone } from '../../components/admin-list/format';
import { PageColumn, PersonPage } from '../../components/admin-list/person-page';
import { DetailCard, Facts } from '../../components/detail-card';
import { PAYMENT_KIND_LABELS } from '../../lib/format';
import { adminClientKeys, adminClientQueryOptions } from './api';

function BookingsCard({ bookings }: { bookings: AdminClient['bookings'] }) {
  const more = bookings.total - bookings.items.length;
  return (
    <DetailCard title={`Bookings (${bookings.total})`}>
      {bookings.items.length === 0 ? (
        <p className="text-sm text-slate-600">No bookings yet.</p>
      ) : (
        <ul className="divide-y text-sm">
          {bookings.items.map((b) => (
            <li key={b.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link
                  to="/admin/bookings/$id"
                  params={{ id: b.id }}
                  className="font-medium text-brand-800 hover:underline"
                >
                  {serviceTitle(b.serviceType)}, {formatDate(b.scheduledDate)}{' '}
                  {formatSlot(b.scheduledTime)}
                </Link>
                <div className="text-slate-600">
                  {b.address}, {b.city}
                </div>
              </div>
              <div className="text-right">
                <Badge tone={statusTone(b.status)}>{statusLabel(b.status)}</Badge>
                <div className="mt-1 tabular-nums text-slate-700">
                  {formatWireDollars(b.amountPaid)} of {formatWireDollars(b.totalAmount)} paid
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="mt-2 text-sm text-slate-600">And {more} older bookings.</p>}
    </DetailCard>
  );
}

function PaymentsCard({ payments }: { payments: AdminClient['payments'] }) {
  return (
    <DetailCard title={`Payments and refunds (${payments.total})`}>
      {payments.items.length === 0 ? (
        <p className="text-sm text-slate-600">No payments yet.</p>
      ) : (
        <ul className="divide-y text-sm">
          {payments.items.map((p) => (
            <li key={p.id} className="py-2">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">
                  {PAYMENT_KIND_LABELS[p.kind]} · {formatWireDollars(p.amount)}
                  {p.cardLast4 ? ` · card ending ${p.cardLast4}` : ''}
                </span>
                <Badge
                  tone={
                    p.status === 'succeeded'
                      ? 'success'
                      : p.status === 'failed'
                        ? 'danger'
                        : 'neutral'
                  }
                >
                  {p.status.replaceAll('_', ' ')}
                </Badge>
              </div>
              <div className="text-slate-600">{formatInstant(p.createdAt)}</div>
              {p.refunds.map((r) => (
                <div key={r.id} className="mt-1 text-slate-700">
                  Refunded {formatWireDollars(r.amount)} on {formatInstant(r.createdAt)}: {r.reason}
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}

function MembershipCard({ subscription }: { subscription: AdminClient['subscription'] }) {
  return (
    <DetailCard title="Membership">
      {subscription ? (
        <Facts
          rows={[
            [
              'Plan',
              `${PLAN_NAMES[subscription.plan]}, ${formatWireDollars(subscription.price)}/month`,
            ],
            ['Status', subscription.status.replaceAll('_', ' ')],
            ['Started', formatInstant(subscription.startedAt)],
            ['Paid months', subscription.paidMonths],
            subscription.currentPeriodEnd !== null && [
              subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews',
              formatInstant(subscription.currentPeriodEnd),
            ],
            ['Minimum term ends', formatInstant(subscription.minimumTermEndsAt)],
            subscription.canceledAt !== null && [
              'Canceled',
              formatInstant(subscription.canceledAt),
            ],
            subscription.lastFailureMessage !== null && [
              'Last renewal failure',
              subscription.lastFailureMessage,
            ],
          ]}
        />
      ) : (
        <p className="text-sm text-slate-600">Pay Per Visit: never a member.</p>
      )}
    </DetailCard>
  );
}

/** /admin/clients/{id}: the account, their bookings, payments and membership; deactivation. */
export function AdminClientPage({ id }: { id: string }) {
  const query = useQuery(adminClientQueryOptions(id));
  return (
    <PersonPage
      query={query}
      noun="Client"
      back="/admin/clients"
      description="One client: contact, bookings, payments and membership."
    >
      {(client, name) => (
        <>
          <PageColumn>
            <DetailCard title="Contact">
              <Facts
                rows={[
                  ['E-mail', client.email],
                  ['Phone', client.phone ?? '—'],
                  ['E-mail verified', client.emailVerified ? 'Yes' : 'No'],
                  ['Joined', formatInstant(client.createdAt)],
                  ['Total paid', formatWireDollars(client.totalPaid)],
                ]}
              />
            </DetailCard>
            <MembershipCard subscription={client.subscription} />
            <AccountStateCard
              userId={client.id}
              name={name}
              deactivatedAt={client.deactivatedAt}
              refresh={[adminClientKeys.all]}
            />
          </PageColumn>
          <PageColumn>
            <BookingsCard bookings={client.bookings} />
            <PaymentsCard payments={client.payments} />
          </PageColumn>
        </>
      )}
    </PersonPage>
  );
}
