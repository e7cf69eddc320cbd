import {
  addPaymentMethodSchema,
  type PaymentMethodRemoved,
} from '@twinclean/shared/payment-methods';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import {
  addPaymentMethod,
  listPaymentMethods,
  makeDefault,
  type PaymentMethodDeps,
  removePaymentMethod,
  startCardSetup,
} from './service';

const CLIENT = { roles: ['client'] } as const;
const OWN_CARD = { roles: ['client'], owns: 'payment method' } as const;

/** The client's saved cards (DECISIONS.md "Payments": /client/payment-methods). */
/**
 * What follows a change of a client's default card elsewhere (a membership billing the new
 * default): wired in app.ts, so this module knows no other.
 */
export type DefaultCardChanged = (userId: string) => Promise<void>;

export function paymentMethodRoutes(
  deps: PaymentMethodDeps,
  defaultCardChanged: DefaultCardChanged,
): Route[] {
  return [
    route({ method: 'GET', path: '/api/payment-methods', access: CLIENT }, (_ctx, { user }) =>
      listPaymentMethods(deps.db, user.id),
    ),
    route(
      { method: 'POST', path: '/api/payment-methods/setup-intent', access: CLIENT },
      (_ctx, { user }) => startCardSetup(deps, user),
    ),
    route(
      {
        method: 'POST',
        path: '/api/payment-methods',
        access: { roles: ['client'], owns: 'card setup' },
        body: addPaymentMethodSchema,
        status: 201,
      },
      (_ctx, { user, body }) => addPaymentMethod(deps, user.id, body.setupIntentId),
    ),
    route(
      {
        method: 'PATCH',
        path: '/api/payment-methods/:id/default',
        access: OWN_CARD,
        params: idParamsSchema,
      },
      async (_ctx, { user, params }) => {
        const card = await makeDefault(deps.db, user.id, params.id);
        await defaultCardChanged(user.id);
        return card;
      },
    ),
    route(
      {
        method: 'DELETE',
        path: '/api/payment-methods/:id',
        access: OWN_CARD,
        params: idParamsSchema,
      },
      async (_ctx, { user, params }) => {
        await removePaymentMethod(deps, user.id, params.id);
        await defaultCardChanged(user.id);
        return { ok: true, message: 'Card removed.' } satisfies PaymentMethodRemoved;
      },
    ),
  ];
}
