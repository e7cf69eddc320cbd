import { BaseModel } from './base-model';

export class OutboundEmail extends BaseModel {
  static override tableName = 'outbound_emails';
  static override jsonAttributes = ['headers'];

  declare id: string;
  declare toAddress: string;
  declare template: string;
  declare subject: string;
  declare textBody: string;
  declare htmlBody: string;
  /** Null while queued: the process that delivers it decides. */
  declare transport: 'smtp' | 'stored' | null;
  declare status: 'queued' | 'sent' | 'stored' | 'failed';
  declare providerMessageId: string | null;
  declare error: string | null;
  declare replyTo: string | null;
  declare headers: Record<string, string> | null;
  declare attempts: number;
  declare nextAttemptAt: Date | null;
  declare createdAt: Date;
  declare sentAt: Date | null;
}
