import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PaymentGateway } from '../../adapters/payments/gateway';

/** What the weekly run needs: the database, the configured gateway, a logger. */
export type TransferDeps = { db: Knex; gateway: PaymentGateway; logger: Logger };
