import type { ServiceType } from '@twinclean/shared/services';
import { BaseModel, TimestampedModel } from './base-model';

/** A discount code the owner made (issue 34); `uses` is counted on the row, under its lock. */
export class DiscountCode extends TimestampedModel {
  static override tableName = 'discount_codes';
  // service_types is a text[], not JSON: Objection must hand the array to pg as it is.
  static override jsonAttributes: string[] = [];

  declare id: string;
  declare code: string;
  declare kind: 'percent' | 'fixed';
  declare percentOff: number | null;
  declare amountOffCents: number | null;
  declare serviceTypes: ServiceType[];
  declare firstBookingOnly: boolean;
  declare startsOn: string | null;
  declare endsOn: string | null;
  declare maxUses: number | null;
  declare maxUsesPerClient: number | null;
  declare uses: number;
  declare active: boolean;
  declare createdBy: string | null;
}

/** One booking's use of a code, and what it took off. */
export class DiscountRedemption extends BaseModel {
  static override tableName = 'discount_redemptions';

  declare id: string;
  declare codeId: string;
  declare bookingId: string;
  declare clientEmail: string;
  declare clientId: string | null;
  declare discountCents: number;
  declare createdAt: Date;
}
