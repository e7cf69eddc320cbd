import { randomUUID } from 'node:crypto';
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import { carpetPayload, dryCleaningPayload, laundryPayload, wizardPayload } from './fixtures';
import { ACCOUNT_SAMPLES } from './route-samples-accounts';
import { ADMIN_SERVICE_AREA_SAMPLES } from './route-samples-admin-service-area';
import { AUCTION_SAMPLES } from './route-samples-auction';
import { CHECKLIST_SAMPLES } from './route-samples-checklists';
import { DAY_MOVE_SAMPLES } from './route-samples-day-moves';
import { DISCOUNT_CODE_SAMPLES } from './route-samples-discount-codes';
import { FINAL_PRICE_SAMPLES } from './route-samples-final-price';
import { GIFT_CARD_SAMPLES } from './route-samples-gift-cards';
import { HOMES_SAMPLES } from './route-samples-homes';
import { LEADS_SAMPLES } from './route-samples-leads';
import { PAYOUT_ACCOUNT_SAMPLES } from './route-samples-payout-accounts';
import { PEOPLE_SAMPLES } from './route-samples-people';
import { PRICING_SAMPLES } from './route-samples-pricing';
import { PROVIDER_HOME_SAMPLES } from './route-samples-provider-home';
import { RATING_SAMPLES } from './route-samples-ratings';
import { REFERRAL_SAMPLES } from './route-samples-referrals';
import { SERIES_SAMPLES } from './route-samples-series';
import { SERVICE_AREA_SAMPLES } from './route-samples-service-area';
import { SMS_SAMPLES } from './route-samples-sms';
import { STATEMENT_SAMPLES } from './route-samples-statements';
import { TIPS_SAMPLES } from './route-samples-tips';
import { TRANSFER_SAMPLES } from './route-samples-transfers';
import { VISIT_REPORT_SAMPLES } from './route-samples-visit-report';
import { VISIT_UPDATE_SAMPLES } from './route-samples-visit-updates';
import type { World } from './route-world';

/** One call of a route: what fills its path, query and body. */
export type Call = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
};

const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A working call of each route against a test world, for the access-matrix and fuzz tests.
 * Routes that scope to an owned resource also say how to aim the same call at one that does
 * not exist (`missing`): a stranger must get exactly that answer.
 *
 * Every declared route needs an entry here: the matrix test fails for a route without one.
 */
export const SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  ...ACCOUNT_SAMPLES,
  ...AUCTION_SAMPLES,
  ...DAY_MOVE_SAMPLES,
  ...DISCOUNT_CODE_SAMPLES,
  ...GIFT_CARD_SAMPLES,
  ...PRICING_SAMPLES,
  ...PEOPLE_SAMPLES,
  ...LEADS_SAMPLES,
  ...PAYOUT_ACCOUNT_SAMPLES,
  ...RATING_SAMPLES,
  ...REFERRAL_SAMPLES,
  ...FINAL_PRICE_SAMPLES,
  ...PROVIDER_HOME_SAMPLES,
  ...SERIES_SAMPLES,
  ...SERVICE_AREA_SAMPLES,
  ...ADMIN_SERVICE_AREA_SAMPLES,
  ...HOMES_SAMPLES,
  ...CHECKLIST_SAMPLES,
  ...VISIT_UPDATE_SAMPLES,
  ...SMS_SAMPLES,
  ...TIPS_SAMPLES,
  ...TRANSFER_SAMPLES,
  ...STATEMENT_SAMPLES,
  ...VISIT_REPORT_SAMPLES,
  'GET /api/health': () => ({}),
  'GET /api/health/live': () => ({}),
  'GET /api/health/ready': () => ({}),
  'GET /api/auth/user': () => ({}),
  'GET /api/auth/options': () => ({}),
  'POST /api/auth/signup': () => ({
    body: {
      email: `new-${randomUUID()}@example.com`,
      password: 'long enough password',
      firstName: 'New',
      lastName: 'Person',
      phone: '612-555-0100',
    },
  }),
  'POST /api/auth/login': () => ({
    body: { email: 'nobody@example.com', password: 'not the password' },
  }),
  'POST /api/auth/verify-email': () => ({ body: { email: 'nobody@example.com', code: '123456' } }),
  'POST /api/auth/resend-verification': () => ({ body: { email: 'nobody@example.com' } }),
  'POST /api/auth/request-password-reset': () => ({ body: { email: 'nobody@example.com' } }),
  'POST /api/auth/verify-reset-code': () => ({
    body: { email: 'nobody@example.com', code: '123456' },
  }),
  'POST /api/auth/reset-password': () => ({
    body: { email: 'nobody@example.com', code: '123456', newPassword: 'another password' },
  }),
  'GET /api/logout': () => ({}),
  'GET /api/login': () => ({}),
  'GET /api/auth/google': () => ({}),
  'GET /api/auth/google/callback': () => ({ query: { code: 'x', state: 'y' } }),
  'GET /api/add-ons': () => ({}),
  'GET /api/pricing': () => ({}),
  'POST /api/provider-applications': () => ({
    body: {
      firstName: 'Casey',
      lastName: 'Cleaner',
      email: 'casey@example.com',
      phone: '612-555-0101',
      experience: 'Five years',
      availability: 'Weekdays',
      whyJoin: 'Flexible hours',
    },
  }),
  'POST /api/newsletter/subscribe': () => ({ body: { email: 'news@example.com' } }),
  'POST /api/bookings': () => ({ body: wizardPayload() }),
  'POST /api/bookings/carpet': () => ({ body: carpetPayload() }),
  'POST /api/bookings/laundry': () => ({ body: laundryPayload() }),
  'POST /api/bookings/dry-cleaning': () => ({ body: dryCleaningPayload() }),
  'GET /api/provider/availability': () => ({}),
  'POST /api/provider/availability': () => ({
    body: { dayOfWeek: 3, startTime: '13:00', endTime: '15:00' },
  }),
  'PUT /api/provider/availability/:id': (w) => ({
    params: { id: w.slot },
    body: { dayOfWeek: 2, startTime: '08:00', endTime: '10:00' },
    missing: {
      params: { id: randomUUID() },
      body: { dayOfWeek: 2, startTime: '08:00', endTime: '10:00' },
    },
  }),
  'DELETE /api/provider/availability/:id': (w) => ({
    params: { id: w.slot },
    missing: { params: { id: randomUUID() } },
  }),
  'GET /api/provider/stats': () => ({}),
  'GET /api/provider/jobs': () => ({}),
  'GET /api/provider/jobs/:id': (w) => ({
    params: { id: w.job },
    missing: { params: { id: randomUUID() } },
  }),
  'POST /api/provider/jobs/:id/final-price': (w) => ({
    params: { id: w.priceJob },
    body: { totalAmount: '298.50' },
    missing: { params: { id: randomUUID() }, body: { totalAmount: '298.50' } },
  }),
  'GET /api/provider/payouts': () => ({}),
  'POST /api/provider/clock-in/:id': (w) => punch(w.readyJob),
  'POST /api/provider/clock-out/:id': (w) => ({
    ...punch(w.job),
    body: { latitude: 44.95, longitude: -93.29, accuracy: 10, waitPay: 5 },
  }),
  'GET /api/provider/job-board': () => ({}),
  'POST /api/provider/job-board/:id/accept': (w) => ({ params: { id: w.openJob } }),
  'POST /api/provider/bookings/:id/photos': (w) => ({
    params: { id: w.job },
    body: { photoType: 'before', photos: [PNG_DATA_URL], photoIds: [randomUUID()] },
    missing: {
      params: { id: randomUUID() },
      body: { photoType: 'before', photos: [PNG_DATA_URL], photoIds: [randomUUID()] },
    },
  }),
  'GET /api/photos/:id': (w) => ({
    params: { id: w.photo },
    missing: { params: { id: randomUUID() } },
  }),
  'GET /api/provider/push/key': () => ({}),
  'PUT /api/provider/push/subscription': () => ({
    body: {
      endpoint: `https://push.example.com/${randomUUID()}`,
      keys: {
        p256dh:
          'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  }),
  'GET /api/bookings': () => ({}),
  'GET /api/bookings/:id': (w) => owned(w.booking),
  'POST /api/bookings/:id/cancel': (w) => owned(w.booking, { reason: 'Plans changed' }),
  'POST /api/bookings/:id/reschedule': (w) =>
    owned(w.booking, { scheduledDate: inDays(5), scheduledTime: '10:00' }),
  'POST /api/bookings/:id/create-payment-intent': (w) => owned(w.booking, {}),
  'POST /api/bookings/:id/record-payment': (w) =>
    owned(w.booking, { paymentIntentId: w.paidIntent, amountPaid: '1.00' }),
  'GET /api/pay/:token': (w) => ({ params: { token: w.payToken } }),
  'POST /api/pay/:token/create-payment-intent': (w) => ({
    params: { token: w.payToken },
    body: { option: 'full' },
  }),
  'POST /api/pay/:token/record-payment': (w) => ({
    params: { token: w.payToken },
    body: { paymentIntentId: w.payLinkPaidIntent },
  }),
  'POST /api/local-gateway/intents/:id/confirm': (w) => ({
    params: { id: w.card.intent },
    body: {
      clientSecret: w.card.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    },
  }),
  'POST /api/local-gateway/intents/:id/authenticate': (w) => ({
    params: { id: w.authentication.intent },
    body: { clientSecret: w.authentication.clientSecret, approve: true },
  }),
  'GET /api/payment-methods': () => ({}),
  'POST /api/payment-methods/setup-intent': () => ({}),
  'POST /api/payment-methods': (w) => ({
    body: { setupIntentId: w.cardSetup },
    missing: { body: { setupIntentId: `seti_local_${randomUUID()}` } },
  }),
  'PATCH /api/payment-methods/:id/default': (w) => owned(w.paymentMethod),
  'DELETE /api/payment-methods/:id': (w) => owned(w.paymentMethod),
  'POST /api/local-gateway/setup-intents/:id/confirm': (w) => ({
    params: { id: w.setupCard.intent },
    body: {
      clientSecret: w.setupCard.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    },
  }),
  'POST /api/local-gateway/setup-intents/:id/authenticate': (w) => ({
    params: { id: w.setupAuthentication.intent },
    body: { clientSecret: w.setupAuthentication.clientSecret, approve: true },
  }),
  'GET /api/admin/stats': () => ({}),
  'GET /api/admin/bookings': () => ({
    query: { status: 'pending_assignment', service: 'house', sort: 'client', dir: 'asc' },
  }),
  'GET /api/admin/exports/bookings.csv': () => ({ query: { provider: 'unassigned', q: 'a' } }),
  'GET /api/admin/provider-choices': () => ({}),
  'GET /api/admin/payouts': () => ({ query: { status: 'pending' } }),
  'PATCH /api/admin/payouts/:id/mark-paid': (w) => ({ params: { id: w.payout } }),
  'GET /api/admin/exports/payouts.csv': () => ({ query: { status: 'pending' } }),
  'GET /api/admin/payment-records': () => ({
    query: { kind: 'full', status: 'succeeded', search: 'matrix', from: inDays(-1) },
  }),
  'POST /api/admin/payments/:id/refund': (w) => ({
    params: { id: w.refundable },
    body: { amount: '12.50', reason: 'Goodwill', requestId: randomUUID() },
  }),
  'GET /api/admin/reconciliation': () => ({ query: { from: inDays(-1), to: inDays(0) } }),
  'GET /api/admin/audit-log': () => ({ query: { entity: 'payout' } }),
  'GET /api/admin/bookings/:id': (w) => ({ params: { id: w.job } }),
  'POST /api/admin/bookings/:id/assign': (w) => ({
    params: { id: w.openJob },
    body: { providerId: w.provider, replacing: null },
  }),
  'POST /api/admin/bookings/:id/unassign': (w) => ({ params: { id: w.priceJob } }),
  'POST /api/admin/bookings/:id/confirm-price': (w) => ({
    params: { id: w.priceJob },
    body: { totalAmount: '298.50' },
  }),
  'POST /api/admin/bookings/:id/cancel': (w) => ({
    params: { id: w.booking },
    body: { reason: 'The client called to cancel' },
  }),
  'POST /api/admin/bookings/:id/resend-pay-link': (w) => ({ params: { id: w.booking } }),
  'POST /api/admin/payouts/:id/review': (w) => ({
    params: { id: w.flaggedPayout },
    body: { hoursPaid: 3.25 },
  }),
  'GET /api/subscription': () => ({}),
  'POST /api/create-subscription': () => ({ body: { subscriptionType: 'standard' } }),
  'POST /api/subscriptions/:id/record-payment': (w) =>
    owned(w.subscription, { paymentIntentId: w.subscriptionIntent }),
  'POST /api/subscriptions/:id/cancel': (w) => owned(w.subscription),
  'GET /api/invoices': () => ({}),
  'GET /api/invoices/:id': (w) => owned(w.receipt),
  'DELETE /api/provider/push/subscription': (w) => ({
    body: { endpoint: w.endpoint },
    missing: { body: { endpoint: `https://push.example.com/${randomUUID()}` } },
  }),
};

/** A call on a resource of the owner's, and the same call on one that does not exist. */
function owned(id: string, body?: unknown): Call & { missing: Call } {
  return { params: { id }, body, missing: { params: { id: randomUUID() }, body } };
}

const inDays = (days: number) => addDays(chicagoDate(new Date()), days);

function punch(job: string): Call & { missing: Call } {
  const body = { latitude: 44.95, longitude: -93.29, accuracy: 10 };
  return {
    params: { id: job },
    body,
    headers: { 'Idempotency-Key': randomUUID() },
    missing: { params: { id: randomUUID() }, body, headers: { 'Idempotency-Key': randomUUID() } },
  };
}

/** The URL path of a route with its parameters filled in (given as they go on the wire, or encoded here). */
export const fillPath = (
  path: string,
  params: Record<string, string> = {},
  encode: (value: string) => string = (value) => encodeURIComponent(wellFormed(value)),
) => path.replace(/:([a-zA-Z]+)/g, (_, name: string) => encode(params[name] ?? ''));

/** The text with lone surrogates replaced (U+FFFD), as a URL can carry it. */
export const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
