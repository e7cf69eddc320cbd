import type { RelationMappings } from 'objection';
import { TimestampedModel } from './base-model';
import { User } from './user';

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';

export class Subscription extends TimestampedModel {
  static override tableName = 'subscriptions';

  declare id: string;
  declare userId: string;
  declare plan: 'standard' | 'senior';
  declare status: SubscriptionStatus;
  declare gateway: 'stripe' | 'local';
  declare gatewaySubscriptionId: string;
  declare priceCents: number;
  declare currentPeriodEnd: Date | null;
  declare minimumTermEndsAt: Date;
  declare canceledAt: Date | null;
  declare cancelFeeCents: number | null;

  declare user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'subscriptions.userId', to: 'users.id' },
    },
  });
}
