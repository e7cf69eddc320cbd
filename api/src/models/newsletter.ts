import { BaseModel } from './base-model';

/** A newsletter an admin sent: what, who, when, and to how many subscribers. */
export class Newsletter extends BaseModel {
  static override tableName = 'newsletters';

  declare id: string;
  declare subject: string;
  declare body: string;
  declare sentBy: string | null;
  declare recipientCount: number;
  declare createdAt: Date;
}
