import { BaseModel } from './base-model';

export class OutboundEmail extends BaseModel {
  static override tableName = 'outbound_emails';

  declare id: string;
  declare toAddress: string;
  declare template: string;
  declare subject: string;
  declare textBody: string;
  declare htmlBody: string;
  declare transport: 'smtp' | 'stored';
  declare status: 'queued' | 'sent' | 'stored' | 'failed';
  declare providerMessageId: string | null;
  declare error: string | null;
  declare createdAt: Date;
  declare sentAt: Date | null;
}
