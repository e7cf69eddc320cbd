import { BaseModel } from './base-model';

/**
 * A client's rating of a completed visit (api/db/migrations/…_create-ratings.ts): once per
 * booking; a hidden comment hides its text only. A provider's rating: ratings/summary.ts.
 */
export class Rating extends BaseModel {
  static override tableName = 'ratings';

  declare id: string;
  declare bookingId: string;
  declare providerId: string;
  /** Null for a guest's booking (no account). */
  declare clientId: string | null;
  /** 1–5. */
  declare stars: number;
  declare comment: string;
  declare createdAt: Date;
  declare commentHiddenAt: Date | null;
  declare commentHiddenBy: string | null;
}
