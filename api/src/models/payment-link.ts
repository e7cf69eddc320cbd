import { BaseModel } from './base-model';

/** A pay link sent for a booking; only the sha256 of its token is kept. */
export class PaymentLink extends BaseModel {
  static override tableName = 'payment_links';

  declare id: string;
  declare bookingId: string;
  declare tokenHash: string;
  declare purpose: 'deposit' | 'balance' | 'full';
  declare createdAt: Date;
}
