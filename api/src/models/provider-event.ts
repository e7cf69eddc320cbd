import { BaseModel } from './base-model';

export type ProviderEventType = 'clock_in' | 'clock_out' | 'en_route';

/** A clock punch; clientEventId is the device's Idempotency-Key (UNIQUE, permanent). */
export class ProviderEvent extends BaseModel {
  static override tableName = 'provider_events';

  declare id: number;
  declare clientEventId: string;
  declare providerId: string;
  declare bookingId: string;
  declare type: ProviderEventType;
  declare deviceSeq: number | null;
  /** The time the punch counts at: the device's when believed, else the server's receipt. */
  declare occurredAt: Date;
  /** What the device claimed, kept for the admin whether believed or not. */
  declare deviceOccurredAt: Date | null;
  declare receivedAt: Date;
  declare clockOffsetMs: number | null;
  declare offline: boolean;
  declare latitude: number | null;
  declare longitude: number | null;
  declare accuracyM: number | null;
  declare positionAt: Date | null;
  declare distanceM: number | null;
  declare geofenceVerified: boolean;
  declare unverifiedReason: string | null;
  declare waitPayCents: number | null;
  declare suspicious: boolean;
  declare suspicionReason: string | null;
  /** requestFingerprint() of the first request with this key; null on older rows. */
  declare requestHash: string | null;
  declare responseStatus: number;
  declare responseBody: unknown;

  static override jsonAttributes = ['responseBody'];
}
