import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the statements' and year-end routes (issue 33). */
export const STATEMENT_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/provider/statements': () => ({}),
  'GET /api/provider/statements/:weekStart': (w) => ({
    params: { weekStart: w.statements.weekStart },
  }),
  'GET /api/provider/statements/:weekStart/pdf': (w) => ({
    params: { weekStart: w.statements.weekStart },
  }),
  'GET /api/admin/year-end': (w) => ({ query: { year: w.statements.year } }),
  'GET /api/admin/exports/year-end.csv': (w) => ({ query: { year: w.statements.year } }),
};
