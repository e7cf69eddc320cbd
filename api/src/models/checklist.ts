import type { ChecklistLists } from '@twinclean/shared/checklists';
import { BaseModel } from './base-model';

/** One saved edition of the task lists (owners edit them; every save is a new version). */
export class ChecklistVersion extends BaseModel {
  static override tableName = 'checklist_versions';
  static override idColumn = 'version';
  static override jsonAttributes = ['lists'];

  declare version: number;
  declare lists: ChecklistLists;
  declare note: string;
  declare createdBy: string | null;
  declare createdAt: Date;
}

/** A task ticked or unticked on the phone, kept once by its uuid; the latest per task counts. */
export class ChecklistTick extends BaseModel {
  static override tableName = 'checklist_ticks';
  static override jsonAttributes = ['responseBody'];

  declare id: number;
  declare clientEventId: string;
  declare bookingId: string;
  declare providerId: string;
  declare checklistVersion: number;
  declare itemKey: string;
  declare done: boolean;
  declare deviceSeq: number | null;
  declare occurredAt: Date;
  declare receivedAt: Date;
  declare requestHash: string;
  declare responseStatus: number;
  declare responseBody: Record<string, unknown>;
}
