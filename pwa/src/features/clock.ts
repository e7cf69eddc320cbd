import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@twinclean/shared/http';
import { type PunchResult, punchResultSchema } from '@twinclean/shared/punches';
import { useRef } from 'react';
import { jobsQuery, payoutsQuery, statsQuery } from './api';
import { currentLocation } from './location';

export type ClockAction = { kind: 'in' } | { kind: 'out'; waitPay: number };
export type ClockOutcome = PunchResult & { locationProblem: string | null };

/** "4xx: …": the server refused for good, so a new tap is a new event. */
const refused = (error: unknown) => error instanceof Error && /^4\d\d:/.test(error.message);

/**
 * Clock in or out of one job. The time is taken at the tap; the location is asked for but
 * never required (a punch without one is recorded unverified). A failed send keeps its
 * Idempotency-Key, so tapping again after a lost answer cannot punch twice.
 */
export function useClock(bookingId: string) {
  const queryClient = useQueryClient();
  const keys = useRef<Partial<Record<ClockAction['kind'], string>>>({});
  return useMutation({
    mutationFn: async (action: ClockAction): Promise<ClockOutcome> => {
      const occurredAt = new Date().toISOString();
      keys.current[action.kind] ??= crypto.randomUUID();
      const key = keys.current[action.kind] as string;
      const location = await currentLocation();
      const body = {
        ...location.fix,
        occurredAt,
        ...(action.kind === 'out' ? { waitPay: action.waitPay } : {}),
      };
      try {
        const res = await apiRequest(
          'POST',
          `/api/provider/clock-${action.kind}/${bookingId}`,
          body,
          { 'Idempotency-Key': key },
        );
        delete keys.current[action.kind];
        const answer = punchResultSchema.parse(await res.json());
        return { ...answer, locationProblem: location.fix ? null : location.problem };
      } catch (error) {
        if (refused(error)) delete keys.current[action.kind];
        throw error;
      }
    },
    onSettled: () =>
      Promise.all(
        [jobsQuery, statsQuery, payoutsQuery].map((q) =>
          queryClient.invalidateQueries({ queryKey: q.queryKey }),
        ),
      ),
  });
}
