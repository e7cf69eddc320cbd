import { BaseModel } from './base-model';

/** A webhook delivery from the payment gateway, kept by its event id so a redelivery is handled once. */
export class GatewayEvent extends BaseModel {
  static override tableName = 'gateway_events';

  declare id: string;
  declare gateway: 'stripe' | 'local';
  declare type: string;
  declare payload: unknown;
  /** Set by the database when the delivery is first stored. */
  declare receivedAt: Date;
  /** Set once the event has been handled; a redelivery after it is only acknowledged. */
  declare processedAt: Date | null;
}
