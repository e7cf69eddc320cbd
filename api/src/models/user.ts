import type { Role, SubscriptionType } from '@twinclean/shared/roles';
import { type RelationMappings, UniqueViolationError } from 'objection';
import { TimestampedModel } from './base-model';
import { Booking } from './booking';
import { ProviderProfile } from './provider-profile';
import { Subscription } from './subscription';

export class User extends TimestampedModel {
  static override tableName = 'users';

  declare id: string;
  declare email: string;
  declare passwordHash: string | null;
  declare firstName: string;
  declare lastName: string;
  declare phone: string | null;
  /** Visit updates (on my way, arrived, done) by e-mail and by text message. */
  declare notifyByEmail: boolean;
  declare notifyByText: boolean;
  declare role: Role;
  declare subscriptionType: SubscriptionType;
  declare emailVerifiedAt: Date | null;
  declare googleSubject: string | null;
  /** The payment gateway's customer the client's saved cards belong to. */
  declare gatewayCustomerId: string | null;
  /** Set while the account may not sign in (admin deactivation), with who did it. */
  declare deactivatedAt: Date | null;
  declare deactivatedBy: string | null;
  /** An admin's VIP mark (DECISIONS.md "Admin operations"): when and by whom; null unmarked. */
  declare vipMarkedAt: Date | null;
  declare vipMarkedBy: string | null;

  declare providerProfile?: ProviderProfile;
  declare bookings?: Booking[];
  declare jobs?: Booking[];
  declare subscriptions?: Subscription[];

  static override relationMappings = (): RelationMappings => ({
    providerProfile: {
      relation: TimestampedModel.HasOneRelation,
      modelClass: ProviderProfile,
      join: { from: 'users.id', to: 'provider_profiles.userId' },
    },
    bookings: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: Booking,
      join: { from: 'users.id', to: 'bookings.clientId' },
    },
    jobs: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: Booking,
      join: { from: 'users.id', to: 'bookings.providerId' },
    },
    subscriptions: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: Subscription,
      join: { from: 'users.id', to: 'subscriptions.userId' },
    },
  });
}

/**
 * Whether `error` is another account taking this address first: two requests can both find it
 * free before either inserts, and the unique index (addresses are stored lower-cased, so one
 * index covers every spelling) refuses the later one.
 */
export const isEmailTaken = (error: unknown): boolean =>
  error instanceof UniqueViolationError && error.constraint === 'users_email_unique';
