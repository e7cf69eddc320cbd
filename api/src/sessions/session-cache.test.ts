import { describe, expect, it } from 'vitest';
import { type CachedSession, SessionCache } from './session-cache';

const session = (userId: string, expiresAt = Number.MAX_SAFE_INTEGER): CachedSession => ({
  data: { userId },
  user: {
    id: userId,
    email: `${userId}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: null,
    role: 'client',
    subscriptionType: 'none',
    deactivatedAt: null,
  } as CachedSession['user'],
  expiresAt,
});

function liveCache(options: ConstructorParameters<typeof SessionCache>[0] = {}) {
  const cache = new SessionCache(options);
  cache.setLive(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps nothing and answers nothing until it is live', () => {
    const cache = new SessionCache();
    cache.put('s1', session('u1'), cache.epoch);
    expect(cache.get('s1')).toBeUndefined();
    cache.setLive(true);
    cache.put('s1', session('u1'), cache.epoch);
    expect(cache.get('s1')?.user?.id).toBe('u1');
  });

  it('forgets everything when it stops being live', () => {
    const cache = liveCache();
    cache.put('s1', session('u1'), cache.epoch);
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not keep a read that was in flight while something was forgotten', () => {
    const cache = liveCache();
    const epoch = cache.epoch;
    cache.forgetSession('other');
    cache.put('s1', session('u1'), epoch);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('trusts an entry for its time to live only, and never past the session expiry', () => {
    let now = 1_000;
    const cache = liveCache({ ttlMs: 100, now: () => now });
    cache.put('s1', session('u1'), cache.epoch);
    cache.put('s2', session('u2', 1_050), cache.epoch);
    now = 1_060;
    expect(cache.get('s1')?.data.userId).toBe('u1');
    expect(cache.get('s2')).toBeUndefined();
    now = 1_101;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops the least recently used session beyond its size', () => {
    const cache = liveCache({ maxEntries: 2 });
    cache.put('s1', session('u1'), cache.epoch);
    cache.put('s2', session('u2'), cache.epoch);
    cache.get('s1');
    cache.put('s3', session('u3'), cache.epoch);
    expect(cache.size).toBe(2);
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s1')).toBeDefined();
    expect(cache.get('s3')).toBeDefined();
  });

  it('applies notifications: one session, every session of a user, or all', () => {
    const cache = liveCache();
    for (const [id, user] of [
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
      ['s4', 'u3'],
    ] as const)
      cache.put(id, session(user), cache.epoch);
    cache.apply('s:s4');
    expect(cache.get('s4')).toBeUndefined();
    cache.apply('u:u1');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, undefined]);
    expect(cache.get('s3')?.user?.id).toBe('u2');
    cache.apply('*');
    expect(cache.size).toBe(0);
  });

  it('hands out copies, so a request changing its session cannot change the cached one', () => {
    const cache = liveCache();
    cache.put('s1', session('u1'), cache.epoch);
    const first = cache.get('s1');
    if (first) first.data.userId = 'someone else';
    expect(cache.get('s1')?.data.userId).toBe('u1');
  });
});
