import { BaseModel } from './base-model';

/** A file sent with a message; its bytes base64, kept in the row until it is delivered. */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export class OutboundEmail extends BaseModel {
  static override tableName = 'outbound_emails';
  static override jsonAttributes = ['headers', 'attachments'];

  declare id: string;
  declare toAddress: string;
  declare template: string;
  declare subject: string;
  declare textBody: string;
  declare htmlBody: string;
  /** Its bodies are sealed under the data key (a secret inside); opened only to send. */
  declare sealed: boolean;
  /** Null while queued: the process that delivers it decides. */
  declare transport: 'smtp' | 'stored' | null;
  declare status: 'queued' | 'sent' | 'stored' | 'failed';
  declare providerMessageId: string | null;
  declare error: string | null;
  declare replyTo: string | null;
  declare headers: Record<string, string> | null;
  declare attachments: MailAttachment[] | null;
  declare attempts: number;
  declare nextAttemptAt: Date | null;
  declare createdAt: Date;
  declare sentAt: Date | null;
}
