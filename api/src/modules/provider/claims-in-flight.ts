/**
 * The accepts of one job that reach this process at once take turns here, in memory, before
 * asking the database. A job pushed to every phone is accepted by many within the same moment;
 * in PostgreSQL each of those claims waited on the booking's row lock for the winner's whole
 * transaction, then kept the lock until its own commit, so they went through one after the
 * other, each holding a pooled connection while it waited (50 at once: the last answered after
 * the 49 before it). Here an accept waits for the one under way without a connection, and when
 * that one took the job for another provider it is refused at once, as the database would refuse
 * it. Otherwise (that claim lost, failed, or took the job for this same provider) it asks the
 * database itself, which stays the judge: across processes, and for everything this does not know.
 *
 * A claim that took its job is remembered for a while after it settled (recentWinner): phones do
 * not tap at the same millisecond, and most accepts of a pushed job arrive after its winner's.
 */
export type ClaimsInFlight = {
  /**
   * Runs `claim` for this provider after the claims of the job already under way here; answers
   * its result, or null without running it when one of those took the job for another provider.
   */
  run<T extends { taken: boolean }>(
    bookingId: string,
    providerId: string,
    claim: () => Promise<T>,
  ): Promise<T | null>;
  /**
   * The provider a claim in this process took the job for in the last RECENT_WINNER_MS, if any:
   * a hint, not the truth (the job may have been released since, or taken in another process).
   */
  recentWinner(bookingId: string): string | undefined;
};

export const RECENT_WINNER_MS = 10_000;

export function claimsInFlight(): ClaimsInFlight {
  // Each job's claim under way, settled with the provider it took the job for, or null.
  const running = new Map<string, Promise<string | null>>();
  const won = new Map<string, string>();
  const remember = (bookingId: string, providerId: string) => {
    won.set(bookingId, providerId);
    setTimeout(() => {
      if (won.get(bookingId) === providerId) won.delete(bookingId);
    }, RECENT_WINNER_MS).unref();
  };
  return {
    recentWinner: (bookingId) => won.get(bookingId),
    async run(bookingId, providerId, claim) {
      for (let earlier = running.get(bookingId); earlier; earlier = running.get(bookingId)) {
        const winner = await earlier;
        if (winner !== null && winner !== providerId) return null;
        if (winner === providerId) break;
      }
      let settle: (winner: string | null) => void = () => {};
      const mine = new Promise<string | null>((resolve) => {
        settle = resolve;
      });
      running.set(bookingId, mine);
      try {
        const result = await claim();
        settle(result.taken ? providerId : null);
        if (result.taken) remember(bookingId, providerId);
        return result;
      } catch (error) {
        settle(null);
        throw error;
      } finally {
        if (running.get(bookingId) === mine) running.delete(bookingId);
      }
    },
  };
}
