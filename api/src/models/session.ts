import { TimestampedModel } from './base-model';

/**
 * A signed-in browser (sessions/pg-session-store.ts reads and writes the rows koa-session asks
 * for). Services only end a user's sessions through it: a reset password or a deactivation
 * signs the account out everywhere.
 */
export class Session extends TimestampedModel {
  static override tableName = 'sessions';

  declare id: string;
  declare userId: string | null;
  declare data: Record<string, unknown>;
  declare expiresAt: Date;
}
