import type { GatewayName } from '@twinclean/shared/payments';
import type { QueryBuilder } from 'objection';
import { BaseModel } from './base-model';

/** A client's saved card: what the list shows, and the gateway's id to charge it by. */
export class PaymentMethod extends BaseModel {
  static override tableName = 'payment_methods';

  declare id: string;
  declare userId: string;
  declare gateway: GatewayName;
  declare gatewayPaymentMethodId: string;
  declare brand: string;
  declare last4: string;
  declare expMonth: number;
  declare expYear: number;
  declare isDefault: boolean;
  declare createdAt: Date;

  static override modifiers = {
    newestFirst(query: QueryBuilder<PaymentMethod>) {
      query.orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    },
    /** The default card first, then the newest. */
    defaultFirst(query: QueryBuilder<PaymentMethod>) {
      query.orderBy('isDefault', 'desc').modify('newestFirst');
    },
  };
}
