import type { CurrentUser } from '@twinclean/shared/auth';
import type { Role } from '@twinclean/shared/roles';
import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import type { SessionContext } from '../context';
import { currentUser } from '../core/current-user';
import { AppError, forbidden } from '../errors';
import { userReadWithSession } from '../sessions/pg-session-store';
import { readJsonBody } from './body';
import { parseInput } from './input';

/**
 * Resources a route scopes to its caller. For each, the access-matrix test builds one owned by
 * someone and checks that another user of the same role gets 404, as if it did not exist.
 */
export const OWNED_RESOURCES = [
  'job', // a booking assigned to the provider
  'availability slot',
  'push subscription',
  'job photo', // a photo of a booking the caller is the client or provider of
  'booking', // a client's own booking
  'receipt', // a payment or refund on a client's own booking
  'payment method', // a client's saved card
  'card setup', // a setup intent on the client's own gateway customer
  'subscription', // a client's own membership
  'series', // a client's own recurring cleaning
  'home', // a client's saved home
] as const;
export type OwnedResource = (typeof OWNED_RESOURCES)[number];

/**
 * Who may call a route: anyone (`public`, the handler gets the user when there is one), or the
 * signed-in users of some roles (401 without a session, 403 for another role).
 */
export type Access =
  | { readonly public: true }
  | { readonly roles: readonly Role[]; readonly owns?: OwnedResource };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Ctx = ParameterizedContext<unknown, SessionContext & { params?: Record<string, string> }>;

// Any zod 4 schema: the shared ones are zod/mini, the API's own are classic.
type Schema = z.core.$ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type UserFor<A extends Access> = A extends { roles: readonly Role[] }
  ? CurrentUser
  : CurrentUser | null;

export type RouteInput<A extends Access, P, Q, B, M extends boolean> = {
  user: UserFor<A>;
  params: Out<P>;
  query: Out<Q>;
  /** Absent when a multipart route was sent multipart (the handler reads that stream). */
  body: M extends true ? Out<B> | undefined : Out<B>;
};

export type RouteSpec<A extends Access, P, Q, B, M extends boolean> = {
  method: Method;
  /** @koa/router path, `:name` for parameters. */
  path: string;
  access: A;
  params?: P;
  query?: Q;
  /** The JSON body's schema; a route without one reads no body. */
  body?: B;
  /**
   * A check that needs only the caller and the path (the job is theirs), run before any body is
   * read: an upload aimed at someone else's job is refused before its megabytes arrive.
   */
  before?: (input: { user: UserFor<A>; params: Out<P> }) => Promise<void>;
  /** Largest JSON body in bytes (default 16 kB), enforced while it streams in. */
  bodyLimit?: number;
  /** Also takes multipart/form-data, which the handler reads itself after the checks. */
  multipart?: M;
  /** Status of a successful answer (default 200). */
  status?: number;
};

/** A declared API route: who may call it, what it reads, and what it does. */
export type Route = Omit<
  RouteSpec<Access, Schema | undefined, Schema | undefined, Schema | undefined, boolean>,
  'before'
> & {
  run(ctx: Ctx): Promise<void>;
};

const DEFAULT_BODY_LIMIT = 16 * 1024;

/** The caller when `access` lets them in; 401 without a session, 403 for another role. */
async function authorize(ctx: Ctx, access: Access): Promise<CurrentUser | null> {
  const userId = ctx.session?.userId;
  const readWithSession = userReadWithSession(ctx);
  if ('public' in access) {
    // A session whose account is gone is a guest here; any other failure is a failure.
    return userId
      ? currentUser(userId, readWithSession).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 401) return null;
          throw error;
        })
      : null;
  }
  const user = await currentUser(userId, readWithSession);
  // A phone replaying its queue names whose entries they are: if someone else has signed in on
  // that browser since, this is not their request to make (and their 404 would look final).
  const expected = ctx.get('X-Expected-User');
  if (expected && expected !== user.id) {
    throw new AppError(
      401,
      'session_changed',
      'Someone else is signed in on this device. Sign in again to send what it holds.',
    );
  }
  if (!access.roles.includes(user.role)) throw forbidden();
  return user;
}

/**
 * Declares a route. Every request runs the same steps in the same order: who is asking (before
 * a byte of the body is read), the path and query, then the body within its limit, each parsed
 * by its zod schema; only then the handler, whose return value is the answer.
 */
export function route<
  A extends Access,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  M extends boolean = false,
>(
  spec: RouteSpec<A, P, Q, B, M>,
  handle: (ctx: Ctx, input: RouteInput<A, P, Q, B, M>) => unknown,
): Route {
  const parse = (schema: Schema | undefined, value: unknown, where: string) =>
    schema ? parseInput(schema, value, where) : undefined;
  const { before, ...declared } = spec;
  return {
    ...declared,
    async run(ctx) {
      const user = await authorize(ctx, spec.access);
      const params = parse(spec.params, ctx.params ?? {}, 'params');
      const query = parse(spec.query, ctx.query, 'query');
      await before?.({ user, params } as { user: UserFor<A>; params: Out<P> });
      const multipartSent =
        spec.multipart === true && typeof ctx.is('multipart/form-data') === 'string';
      const body =
        spec.body && !multipartSent
          ? parse(spec.body, await readJsonBody(ctx, spec.bodyLimit ?? DEFAULT_BODY_LIMIT), 'body')
          : undefined;
      const answer = await handle(ctx, { user, params, query, body } as RouteInput<A, P, Q, B, M>);
      if (answer !== undefined) {
        ctx.status = spec.status ?? 200;
        ctx.body = answer;
      }
    },
  };
}
