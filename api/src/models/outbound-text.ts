import { BaseModel } from './base-model';

/** A text message in the outbox (adapters/sms.ts), as outbound_emails is for e-mail. */
export class OutboundText extends BaseModel {
  static override tableName = 'outbound_texts';

  declare id: string;
  /** E.164. */
  declare toNumber: string;
  declare template: string;
  declare body: string;
  /** Null while queued: the process that delivers it decides. */
  declare transport: 'twilio' | 'stored' | null;
  /** 'opted_out': the number sent STOP, so it is not sent (and never will be). */
  declare status: 'queued' | 'sent' | 'stored' | 'failed' | 'opted_out';
  declare attempts: number;
  declare nextAttemptAt: Date | null;
  declare providerMessageId: string | null;
  declare error: string | null;
  declare createdAt: Date;
  declare sentAt: Date | null;
}

/** A number that sent STOP (or that the carrier reports unsubscribed); START removes it. */
export class SmsOptOut extends BaseModel {
  static override tableName = 'sms_opt_outs';
  static override idColumn = 'phone';

  declare phone: string;
  declare optedOutAt: Date;
}
