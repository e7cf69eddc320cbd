import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Mailer } from '../../adapters/mailer';
import type { JobQueue } from '../../jobs/queue';

/** What the admin's lead pages and the newsletter's sending work with. */
export type LeadDeps = {
  db: Knex;
  mailer: Mailer;
  jobs: JobQueue;
  logger: Logger;
  /** The site's address, for unsubscribe links. */
  siteUrl: string;
};

export const NEWSLETTER_QUEUE = 'newsletter-send';
