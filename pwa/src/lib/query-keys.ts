/**
 * Query keys, one factory for the whole app: each key is its URL, so the answers phones saved
 * offline under earlier versions still match. Shared, so a feature can refresh what another
 * reads (a sync refreshes the jobs, an accepted job the board) without importing it.
 */
export const providerKeys = {
  stats: ['/api/provider/stats'] as const,
  jobs: ['/api/provider/jobs'] as const,
  job: (id: string) => [...providerKeys.jobs, id] as const,
  /** A job's home notes: never saved with the other answers (entry notes live in the outbox). */
  jobHome: (id: string) => [...providerKeys.jobs, id, 'home'] as const,
  jobBoard: ['/api/provider/job-board'] as const,
  payouts: ['/api/provider/payouts'] as const,
  payoutAccount: ['/api/provider/payout-account'] as const,
  statements: ['/api/provider/statements'] as const,
  statement: (weekStart: string) => [...providerKeys.statements, weekStart] as const,
  availability: ['/api/provider/availability'] as const,
  pricing: ['/api/pricing'] as const,
};
