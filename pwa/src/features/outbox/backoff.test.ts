import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';

// README "Offline": a server error is retried after 5 s, doubling to 20 s. The drain passes
// the run of server errors on an entry (1 after the first), sync.ts the drains that stopped in a row.

describe('the backoff after a run of failures', () => {
  it('starts at 5 s after the first failure and doubles with each one after', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([5_000, 10_000, 20_000]);
  });

  it('never waits longer than 20 s, however long the run: a healed network is found within it', () => {
    expect(backoffMs(4)).toBe(20_000);
    expect(backoffMs(8)).toBe(20_000);
    expect(backoffMs(1_000)).toBe(20_000);
    // 2 ** 2000 is Infinity: the cap still holds.
    expect(backoffMs(2_000)).toBe(20_000);
  });

  it('grows until it reaches the cap and then stays there', () => {
    const delays = Array.from({ length: 20 }, (_, i) => backoffMs(i + 1));
    for (let i = 1; i < delays.length; i++) {
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] as number);
    }
    expect(delays.filter((ms) => ms === 20_000)).toHaveLength(18);
  });
});
