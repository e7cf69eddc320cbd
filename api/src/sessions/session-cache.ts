import type { SessionData, SessionUser } from './pg-session-store';

/** A session as its query read it: its data, its account (if any) and when it expires. */
export type CachedSession = {
  data: SessionData;
  user: SessionUser | undefined;
  expiresAt: number;
};

type Entry = CachedSession & { cachedAt: number };

export type SessionCacheOptions = {
  /** How long an entry is trusted with no word from PostgreSQL (the notifications' safety net). */
  ttlMs?: number;
  /** Most sessions kept; the least recently used goes first. */
  maxEntries?: number;
  now?: () => number;
};

/**
 * The sessions this process read lately, so a signed-in request costs no session query. Only
 * trusted while PostgreSQL's notifications reach it (session-invalidation.ts): `live` is false
 * until it listens and again whenever that connection is lost, and then every read goes to the
 * database. A read that was in flight while anything was forgotten is not kept (the epoch), so
 * a change that lands mid-read cannot be cached over.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  #live = false;
  #epoch = 0;

  constructor(options: SessionCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 5_000;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Marks the epoch a read starts in; `put` keeps its answer only if nothing changed since. */
  get epoch(): number {
    return this.#epoch;
  }

  /** The session if it is cached, fresh and not yet expired; a copy the caller may change. */
  get(id: string): CachedSession | undefined {
    if (!this.#live) return undefined;
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    const now = this.#now();
    if (now - entry.cachedAt > this.#ttlMs || now >= entry.expiresAt) {
      this.#entries.delete(id);
      return undefined;
    }
    // Most recently used last, so the eldest is the first key.
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    return { data: structuredClone(entry.data), user: entry.user, expiresAt: entry.expiresAt };
  }

  /** Keeps a session read in `epoch`, unless something was forgotten since or nobody listens. */
  put(id: string, session: CachedSession, epoch: number): void {
    if (!this.#live || epoch !== this.#epoch) return;
    this.#entries.delete(id);
    this.#entries.set(id, {
      ...session,
      data: structuredClone(session.data),
      cachedAt: this.#now(),
    });
    while (this.#entries.size > this.#maxEntries) {
      const eldest = this.#entries.keys().next().value as string;
      this.#entries.delete(eldest);
    }
  }

  forgetSession(id: string): void {
    this.#epoch += 1;
    this.#entries.delete(id);
  }

  forgetUser(userId: string): void {
    this.#epoch += 1;
    for (const [id, entry] of this.#entries) {
      if (entry.user?.id === userId || entry.data.userId === userId) this.#entries.delete(id);
    }
  }

  forgetAll(): void {
    this.#epoch += 1;
    this.#entries.clear();
  }

  /** Listening (true) or not (false); either way nothing read before is trusted any more. */
  setLive(live: boolean): void {
    this.forgetAll();
    this.#live = live;
  }

  /** A notification's payload: `s:<session id>`, `u:<user id>` or `*`. */
  apply(payload: string): void {
    if (payload.startsWith('s:')) this.forgetSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.forgetUser(payload.slice(2));
    else this.forgetAll();
  }
}
