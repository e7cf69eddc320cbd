import type { ServiceType } from '@twinclean/shared/services';
import { BaseModel } from './base-model';

/** A ZIP code we serve (issue 34): a booking's home must be in one. */
export class ServedZip extends BaseModel {
  static override tableName = 'served_zips';
  static override idColumn = 'zip';

  declare zip: string;
  declare createdAt: Date;
}

/** Someone whose ZIP we do not serve yet, and the service they wanted. */
export class WaitlistEntry extends BaseModel {
  static override tableName = 'waitlist_entries';

  declare id: string;
  declare email: string;
  declare zip: string;
  declare serviceType: ServiceType;
  declare createdAt: Date;
  declare notifiedAt: Date | null;
}
