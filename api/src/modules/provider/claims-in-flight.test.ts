import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimsInFlight, RECENT_WINNER_MS } from './claims-in-flight';

const JOB = 'job-1';

/** A claim the test settles: taken or not, or failed. */
function heldClaim() {
  let settle: (taken: boolean) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const result = new Promise<{ taken: boolean }>((resolve, reject) => {
    settle = (taken) => resolve({ taken });
    fail = reject;
  });
  let runs = 0;
  const claim = () => {
    runs += 1;
    return result;
  };
  return { claim, settle, fail, runs: () => runs };
}

/** A claim that answers at once, counting its runs. */
function immediateClaim(taken: boolean) {
  let runs = 0;
  const claim = async () => {
    runs += 1;
    return { taken };
  };
  return { claim, runs: () => runs };
}

describe('claims in flight', () => {
  it("refuses other providers' claims of a job that the claim under way takes, without running them", async () => {
    const claims = claimsInFlight();
    const first = heldClaim();
    const winning = claims.run(JOB, 'ana', first.claim);
    const others = ['ben', 'cy'].map((provider) => {
      const claim = immediateClaim(true);
      return { claim, answer: claims.run(JOB, provider, claim.claim) };
    });
    first.settle(true);
    expect(await winning).toEqual({ taken: true });
    for (const other of others) {
      expect(await other.answer).toBeNull();
      expect(other.claim.runs()).toBe(0);
    }
  });

  it('runs the same provider’s claim after theirs took the job (the database answers it)', async () => {
    const claims = claimsInFlight();
    const first = heldClaim();
    const winning = claims.run(JOB, 'ana', first.claim);
    const again = immediateClaim(false);
    const repeated = claims.run(JOB, 'ana', again.claim);
    await Promise.resolve();
    expect(again.runs()).toBe(0);
    first.settle(true);
    await winning;
    expect(await repeated).toEqual({ taken: false });
    expect(again.runs()).toBe(1);
  });

  it('lets the next claim run, one at a time, when the one under way did not take the job', async () => {
    const claims = claimsInFlight();
    const first = heldClaim();
    const losing = claims.run(JOB, 'ana', first.claim);
    const second = heldClaim();
    const secondAnswer = claims.run(JOB, 'ben', second.claim);
    const third = immediateClaim(true);
    const thirdAnswer = claims.run(JOB, 'cy', third.claim);
    first.settle(false);
    expect(await losing).toEqual({ taken: false });
    await expect.poll(second.runs).toBe(1);
    // The third waits for the second, which is under way now.
    expect(third.runs()).toBe(0);
    second.settle(true);
    expect(await secondAnswer).toEqual({ taken: true });
    expect(await thirdAnswer).toBeNull();
    expect(third.runs()).toBe(0);
  });

  it('lets the next claim run when the one under way failed, and passes the failure to its own caller only', async () => {
    const claims = claimsInFlight();
    const first = heldClaim();
    const failing = claims.run(JOB, 'ana', first.claim);
    const next = immediateClaim(true);
    const nextAnswer = claims.run(JOB, 'ben', next.claim);
    first.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    expect(await nextAnswer).toEqual({ taken: true });
  });

  it('holds up no claim once the one under way is settled, and never another job', async () => {
    const claims = claimsInFlight();
    expect(await claims.run(JOB, 'ana', immediateClaim(true).claim)).toEqual({ taken: true });
    // Later accepts of the job ask the database, which refuses them itself.
    const later = immediateClaim(false);
    expect(await claims.run(JOB, 'ben', later.claim)).toEqual({ taken: false });
    expect(later.runs()).toBe(1);
    const held = heldClaim();
    const pending = claims.run(JOB, 'cy', held.claim);
    const otherJob = immediateClaim(true);
    expect(await claims.run('job-2', 'dee', otherJob.claim)).toEqual({ taken: true });
    held.settle(false);
    await pending;
  });

  describe('the recent winner', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is remembered for a while after its claim took the job, then forgotten', async () => {
      vi.useFakeTimers();
      const claims = claimsInFlight();
      expect(claims.recentWinner(JOB)).toBeUndefined();
      await claims.run(JOB, 'ana', immediateClaim(true).claim);
      expect(claims.recentWinner(JOB)).toBe('ana');
      expect(claims.recentWinner('job-2')).toBeUndefined();
      vi.advanceTimersByTime(RECENT_WINNER_MS - 1);
      expect(claims.recentWinner(JOB)).toBe('ana');
      vi.advanceTimersByTime(1);
      expect(claims.recentWinner(JOB)).toBeUndefined();
    });

    it('is the latest: a job taken again keeps its new winner for the whole while', async () => {
      vi.useFakeTimers();
      const claims = claimsInFlight();
      await claims.run(JOB, 'ana', immediateClaim(true).claim);
      vi.advanceTimersByTime(RECENT_WINNER_MS / 2);
      // Released since, and taken by another provider.
      await claims.run(JOB, 'ben', immediateClaim(true).claim);
      vi.advanceTimersByTime(RECENT_WINNER_MS / 2);
      expect(claims.recentWinner(JOB)).toBe('ben');
      vi.advanceTimersByTime(RECENT_WINNER_MS / 2);
      expect(claims.recentWinner(JOB)).toBeUndefined();
    });

    it('is not set by a claim that lost or failed', async () => {
      const claims = claimsInFlight();
      await claims.run(JOB, 'ana', immediateClaim(false).claim);
      const failing = heldClaim();
      const failed = claims.run(JOB, 'ben', failing.claim);
      failing.fail(new Error('connection lost'));
      await expect(failed).rejects.toThrow('connection lost');
      expect(claims.recentWinner(JOB)).toBeUndefined();
    });
  });
});
