import { type AppDeps, paymentDepsOf, siteUrlOf, smsOf, visitUpdateDepsOf } from './app-deps';
import { type ApiRouter, createRouter } from './context';
import type { Route } from './http/route';
import { indexRoutes } from './http/route-index';
import { accountRoutes } from './modules/accounts/routes';
import { addOnRoutes } from './modules/add-ons/routes';
import { adminBookingRoutes } from './modules/admin/booking-routes';
import { adminFinanceRoutes } from './modules/admin/finance-routes';
import { adminRoutes } from './modules/admin/routes';
import { adminApplicationRoutes } from './modules/admin-applications/routes';
import { adminDayMoveRoutes } from './modules/admin-day-moves/routes';
import { adminDiscountCodeRoutes } from './modules/admin-discount-codes/routes';
import { adminGiftCardRoutes } from './modules/admin-gift-cards/routes';
import { adminLeadRoutes } from './modules/admin-leads/routes';
import { adminPeopleRoutes } from './modules/admin-people/routes';
import { adminPricingRoutes } from './modules/admin-pricing/routes';
import { adminReferralRoutes } from './modules/admin-referrals/routes';
import { adminSeriesRoutes } from './modules/admin-series/routes';
import { adminServiceAreaRoutes } from './modules/admin-service-area/routes';
import { adminTaxYearRoutes } from './modules/admin-tax-year/routes';
import { adminTransferRoutes } from './modules/admin-transfers/routes';
import { auctionRoutes } from './modules/auction/routes';
import { authRoutes } from './modules/auth/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { checklistRoutes } from './modules/checklists/routes';
import { clientBookingRoutes } from './modules/client-bookings/routes';
import { creditRoutes } from './modules/credits/routes';
import { discountCodeRoutes } from './modules/discount-codes/routes';
import { earningsStatementRoutes } from './modules/earnings-statements/routes';
import { approveProposedPrice } from './modules/final-price/approvals';
import { giftCardRoutes } from './modules/gift-cards/routes';
import { giftCardReports } from './modules/gift-cards/settle';
import { healthRoutes } from './modules/health/routes';
import { homeRoutes } from './modules/homes/routes';
import { leadRoutes } from './modules/leads/routes';
import { paymentMethodRoutes } from './modules/payment-methods/routes';
import { localGatewayRoutes, webhookRoute } from './modules/payments/gateway-routes';
import { paymentRoutes } from './modules/payments/routes';
import { payoutAccountRoutes } from './modules/payout-accounts/routes';
import { photoRoutes } from './modules/photos/routes';
import { pricingRoutes } from './modules/pricing/routes';
import { providerRoutes } from './modules/provider/routes';
import { jobAlerts } from './modules/push/job-alerts';
import { pushRoutes } from './modules/push/routes';
import { ratingRoutes } from './modules/ratings/routes';
import { seriesClientRoutes } from './modules/series-manage/client-routes';
import { seriesProviderRoutes } from './modules/series-manage/provider-routes';
import { serviceAreaRoutes } from './modules/service-area/routes';
import { smsRoutes } from './modules/sms/routes';
import { membershipReports } from './modules/subscriptions/billing-events';
import { followDefaultCard } from './modules/subscriptions/membership';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { tipReports } from './modules/tips/record';
import { tipRoutes } from './modules/tips/routes';
import { visitMoveRoutes } from './modules/visit-moves/routes';
import { lowRatingAlerts } from './modules/visit-report/low-rating';
import { visitReportRoutes } from './modules/visit-report/routes';
import { visitUpdateRoutes } from './modules/visit-updates/routes';

/** Every API route, declared with who may call it (the access-matrix test walks this list). */
export function apiRoutes(deps: AppDeps): Route[] {
  const alerts = jobAlerts(deps.jobs, deps.logger);
  const payments = paymentDepsOf(deps);
  const gateway = deps.payments;
  const reports = { db: deps.db, storage: deps.storage, siteUrl: siteUrlOf(deps) };
  // A tip's or a gift card's payment reported by the gateway goes to its own module (payments
  // imports neither).
  const memberships = {
    ...membershipReports(payments),
    tipPaid: tipReports(payments),
    giftCardPaid: giftCardReports(payments),
  };
  const gatewayRoutes =
    gateway.name === 'local'
      ? localGatewayRoutes({ ...payments, gateway }, memberships)
      : [webhookRoute(payments, memberships)];
  return [
    ...healthRoutes(deps.db, deps.lifecycle),
    ...authRoutes(deps),
    ...addOnRoutes(),
    ...pricingRoutes(),
    ...leadRoutes(deps),
    ...serviceAreaRoutes({ db: deps.db }),
    ...discountCodeRoutes({ db: deps.db }),
    ...giftCardRoutes(payments),
    ...bookingRoutes({ ...deps, alerts }),
    ...clientBookingRoutes({ ...payments, alerts }),
    ...creditRoutes({ db: deps.db, siteUrl: siteUrlOf(deps) }),
    ...paymentRoutes(payments, (bookingId, amount) =>
      approveProposedPrice(payments, bookingId, amount, { kind: 'pay_link' }),
    ),
    ...paymentMethodRoutes(payments, (userId) => followDefaultCard(payments, userId)),
    ...subscriptionRoutes(payments),
    ...gatewayRoutes,
    // Both gateways: onboarding and the Connect webhook answer 404 without Stripe, the form with it.
    ...payoutAccountRoutes({ db: deps.db, gateway, logger: deps.logger, siteUrl: siteUrlOf(deps) }),
    ...providerRoutes(deps.db, alerts, payments, visitUpdateDepsOf(deps)),
    ...earningsStatementRoutes({ db: deps.db }),
    ...visitUpdateRoutes(visitUpdateDepsOf(deps)),
    ...photoRoutes(deps.db, deps.storage),
    ...pushRoutes(deps),
    ...adminRoutes(deps.db),
    ...adminBookingRoutes({ ...payments, alerts }),
    ...adminFinanceRoutes(payments),
    ...adminTransferRoutes(payments),
    ...adminTaxYearRoutes({ db: deps.db }),
    ...adminServiceAreaRoutes({ db: deps.db, siteUrl: siteUrlOf(deps) }),
    ...adminDiscountCodeRoutes({ db: deps.db }),
    ...adminGiftCardRoutes(payments),
    ...adminReferralRoutes({ db: deps.db }),
    ...accountRoutes({ db: deps.db, mailer: deps.mailer, siteUrl: siteUrlOf(deps) }),
    ...adminApplicationRoutes({ db: deps.db, mailer: deps.mailer, siteUrl: siteUrlOf(deps) }),
    ...adminLeadRoutes(payments),
    ...adminPeopleRoutes(deps.db),
    ...adminPricingRoutes(deps.db),
    ...checklistRoutes(deps.db),
    ...homeRoutes(deps),
    ...auctionRoutes(deps),
    // A rating of 1 or 2 stars e-mails the owners the visit's report (ratings imports none of it).
    ...ratingRoutes(
      deps.db,
      lowRatingAlerts({ ...reports, mailer: deps.mailer, logger: deps.logger }),
    ),
    ...visitReportRoutes(reports),
    ...seriesClientRoutes({ ...payments, alerts }),
    ...seriesProviderRoutes({ ...payments, alerts }),
    ...adminSeriesRoutes({ ...payments, alerts }),
    ...adminDayMoveRoutes({ db: deps.db, mailer: deps.mailer, siteUrl: siteUrlOf(deps) }),
    ...visitMoveRoutes({ ...payments, alerts }),
    ...tipRoutes(payments),
    ...smsRoutes({ db: deps.db, sms: smsOf(deps), siteUrl: siteUrlOf(deps) }),
  ];
}

/** The routes in one router, so 405s know every method a path has. */
export function apiRouter(routes: Route[]): ApiRouter {
  const router = createRouter();
  for (const declared of routes) {
    router.register(declared.path, [declared.method], (ctx) => declared.run(ctx));
  }
  indexRoutes(router);
  return router;
}
