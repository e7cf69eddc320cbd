import { BaseModel } from './base-model';

/**
 * A phone that was told about a job (api/db/migrations/…_create-job-alerts-sent.ts), so that
 * "job taken" replaces an alert it showed and never reaches a phone that had none.
 */
export class JobAlertSent extends BaseModel {
  static override tableName = 'job_alerts_sent';
  static override idColumn = ['bookingId', 'subscriptionId'];

  declare bookingId: string;
  declare subscriptionId: string;
  declare sentAt: Date;
}
