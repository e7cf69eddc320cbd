import { BaseModel } from './base-model';

export class Photo extends BaseModel {
  static override tableName = 'photos';

  declare id: string;
  declare clientPhotoId: string;
  declare bookingId: string;
  declare uploadedBy: string;
  declare photoType: 'before' | 'after';
  declare storageKey: string;
  declare mimeType: string;
  declare sizeBytes: number;
  /** Null for photos stored before the hash was kept. */
  declare contentSha256: string | null;
  declare width: number | null;
  declare height: number | null;
  declare takenAt: Date | null;
  declare createdAt: Date;
}
