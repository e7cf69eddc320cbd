import { Counter } from 'prom-client';
import { registry } from './registry';

export const sessionReads = new Counter({
  name: 'twinclean_session_reads_total',
  help: "Signed-in requests by where their session came from: this process's cache, or the database.",
  labelNames: ['source'] as const,
  registers: [registry],
});
// Both series from the start, so a rate over the first read after a restart is not lost.
for (const source of ['cache', 'database']) sessionReads.labels(source).inc(0);
