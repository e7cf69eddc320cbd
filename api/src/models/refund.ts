import { BaseModel } from './base-model';

/** Money given back on a payment, one row per refund the gateway made (unique by its id and by key). */
export class Refund extends BaseModel {
  static override tableName = 'refunds';

  declare id: string;
  declare paymentId: string;
  declare gatewayRefundId: string;
  /** Who decided it and why, as one key: the same decision never refunds twice. */
  declare key: string;
  declare amountCents: number;
  declare reason: string;
  declare createdBy: string | null;
  declare createdAt: Date;
}
