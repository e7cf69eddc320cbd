import { TimestampedModel } from './base-model';

/** A provider's payout account at the gateway, as its last report left it. */
export class PayoutAccount extends TimestampedModel {
  static override tableName = 'payout_accounts';
  static override idColumn = 'providerId';
  // jsonb: without this a JS array would go to pg as a PostgreSQL array.
  static override jsonAttributes = ['requirementsDue'];

  declare providerId: string;
  declare gateway: 'local' | 'stripe';
  declare accountId: string;
  declare detailsSubmitted: boolean;
  declare payoutsEnabled: boolean;
  /** The gateway's requirement codes still due ("individual.ssn_last_4", "external_account"). */
  declare requirementsDue: string[];
  declare disabledReason: string | null;
  declare bankLast4: string | null;
}

/** Tax details we collect ourselves (LocalGateway); the TIN only sealed and by its last four. */
export class ProviderTaxDetails extends TimestampedModel {
  static override tableName = 'provider_tax_details';
  static override idColumn = 'providerId';

  declare providerId: string;
  declare legalName: string;
  declare addressLine1: string;
  declare addressLine2: string | null;
  declare city: string;
  declare state: string;
  declare zip: string;
  declare tinKind: 'ssn' | 'ein';
  /** security/data-cipher.ts seal() of the nine digits. */
  declare tinSealed: string;
  declare tinLast4: string;
}
