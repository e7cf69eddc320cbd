import type { RelationMappings } from 'objection';
import { AvailabilitySlot } from './availability-slot';
import { TimestampedModel } from './base-model';
import { ProviderApplication } from './provider-application';
import { User } from './user';

export class ProviderProfile extends TimestampedModel {
  static override tableName = 'provider_profiles';
  static override idColumn = 'userId';

  declare userId: string;
  declare applicationId: string | null;
  declare bio: string | null;
  declare homeZipCode: string | null;
  declare hourlyRateCents: number;
  declare isActive: boolean;

  declare user?: User;
  declare application?: ProviderApplication | null;
  declare availability?: AvailabilitySlot[];

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'provider_profiles.userId', to: 'users.id' },
    },
    application: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: ProviderApplication,
      join: { from: 'provider_profiles.applicationId', to: 'provider_applications.id' },
    },
    availability: {
      relation: TimestampedModel.HasManyRelation,
      modelClass: AvailabilitySlot,
      join: { from: 'provider_profiles.userId', to: 'availability_slots.providerId' },
    },
  });
}
