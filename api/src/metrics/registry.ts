import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one registry: every metric registers here, and both ways of scraping (the main
 * app's token-guarded /metrics, the private METRICS_PORT listener) read it. A module-level
 * registry, not one per app, because the outcomes are counted deep inside feature modules that
 * would otherwise all need it passed down.
 */
export const registry = new Registry();

// CPU, memory, event-loop lag, open handles: what tells a slow process from a slow database.
collectDefaultMetrics({ register: registry });
