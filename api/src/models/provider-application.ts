import type { ApplicationStatus } from '@twinclean/shared/admin-applications';
import { TimestampedModel } from './base-model';

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
  /** The admin who approved or rejected it, and when; null while it is new. */
  declare decidedBy: string | null;
  declare decidedAt: Date | null;
}
