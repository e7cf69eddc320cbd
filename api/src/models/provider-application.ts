import { TimestampedModel } from './base-model';

export type ApplicationStatus =
  | 'submitted'
  | 'interview'
  | 'background_check'
  | 'approved'
  | 'rejected';

export class ProviderApplication extends TimestampedModel {
  static override tableName = 'provider_applications';

  declare id: string;
  declare firstName: string;
  declare lastName: string;
  declare email: string;
  declare phone: string;
  declare experience: string;
  declare availability: string;
  declare whyJoin: string;
  declare status: ApplicationStatus;
  declare reviewedBy: string | null;
  declare reviewedAt: Date | null;
}
