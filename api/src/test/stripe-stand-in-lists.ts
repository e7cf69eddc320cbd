import { type Answer, invalid, type Json, missing } from './stripe-stand-in-answers';

type Listed = { intents: Json[]; refunds: Json[] };

const BOUNDS = {
  gte: (created: number, bound: number) => created >= bound,
  gt: (created: number, bound: number) => created > bound,
  lte: (created: number, bound: number) => created <= bound,
  lt: (created: number, bound: number) => created < bound,
};

/**
 * The Stripe stand-in's list endpoints for payment intents and refunds (and a refund by id), as
 * Stripe pages them:
 * newest first, `created[gte|gt|lte|lt]`, `limit` (1–100, 10 by default), `starting_after` and
 * `has_more`. `route` answers null for a request that is not a list.
 */
export function listsStandIn(listed: () => Listed) {
  // A test moves a record in time (to a period's edge) without waiting for the clock.
  const movedTo = new Map<string, number>();
  const createdOf = (object: Json) => movedTo.get(String(object.id)) ?? Number(object.created);

  function list(url: string, objects: Json[], params: Record<string, string>): Answer {
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return invalid('This value must be between 1 and 100.', 'limit');
    }
    const bounds = Object.entries(BOUNDS).flatMap(([name, holds]) => {
      const value = params[`created[${name}]`];
      return value === undefined ? [] : [{ holds, bound: Number(value) }];
    });
    // Stripe lists the newest first; records of one second keep their newest-first order.
    const chosen = objects
      .map((object) => ({ ...object, id: String(object.id), created: createdOf(object) }))
      .filter((object) => bounds.every(({ holds, bound }) => holds(object.created, bound)))
      .reverse()
      .sort((a, b) => b.created - a.created);
    let start = 0;
    if (params.starting_after) {
      const after = chosen.findIndex((object) => object.id === params.starting_after);
      if (after < 0) return missing('object', params.starting_after, 'starting_after');
      start = after + 1;
    }
    const data = chosen.slice(start, start + limit);
    return {
      status: 200,
      body: { object: 'list', url, has_more: start + limit < chosen.length, data },
    };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method !== 'GET') return null;
    if (path === '/v1/payment_intents') return list(path, listed().intents, params);
    if (path === '/v1/refunds') return list(path, listed().refunds, params);
    const id = /^\/v1\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (!id) return null;
    const refund = listed().refunds.find((r) => r.id === id);
    return refund
      ? { status: 200, body: { ...refund, created: createdOf(refund) } }
      : missing('refund', id, 'id');
  }

  return {
    route,
    /** The intent or refund reads as created at `at` (whole seconds, as Stripe keeps it). */
    moveTo(id: string, at: Date) {
      movedTo.set(id, Math.floor(at.getTime() / 1000));
    },
  };
}
