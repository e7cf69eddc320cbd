import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Mailer } from '../../adapters/mailer';
import type { JobAlerts } from '../push/job-alerts';

/** What planning a series' visits needs: the database, mail to the regular provider, job alerts. */
export type SeriesDeps = { db: Knex; mailer: Mailer; alerts: JobAlerts; logger: Logger };
