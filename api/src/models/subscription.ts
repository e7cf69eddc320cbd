import type { Plan, SubscriptionStatus } from '@twinclean/shared/subscriptions';
import type { RelationMappings } from 'objection';
import { TimestampedModel } from './base-model';
import { User } from './user';

export class Subscription extends TimestampedModel {
  static override tableName = 'subscriptions';

  declare id: string;
  declare userId: string;
  declare plan: Plan;
  declare status: SubscriptionStatus;
  declare gateway: 'stripe' | 'local';
  /** Null: renewal is ours on either gateway (a pg-boss job charges the saved card). */
  declare gatewaySubscriptionId: string | null;
  declare priceCents: number;
  /** Month 1's payment; every period is whole months from it. */
  declare billingAnchorAt: Date | null;
  declare paidMonths: number;
  declare currentPeriodStart: Date | null;
  declare currentPeriodEnd: Date | null;
  declare minimumTermEndsAt: Date;
  declare cancelAtPeriodEnd: boolean;
  declare canceledAt: Date | null;
  declare cancelFeeCents: number | null;
  declare seniorDeclaredAt: Date | null;
  /** Failed tries of the renewal now due (0 when none is failing). */
  declare failedAttempts: number;
  declare nextChargeAt: Date | null;
  /** A worker's claim on the charge now due; stale after the lease (a crashed worker). */
  declare chargeClaimedAt: Date | null;
  declare lastFailureMessage: string | null;

  declare user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'subscriptions.userId', to: 'users.id' },
    },
  });
}
