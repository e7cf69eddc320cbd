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
  /** The checklist task it was taken for (checklist_ticks.item_key), if any. */
  declare checklistItemKey: string | null;
  declare createdAt: Date;
}
