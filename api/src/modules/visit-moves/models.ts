import type { VisitMoveStatus } from '@twinclean/shared/day-moves';
import type { RelationMappings } from 'objection';
import { BaseModel, TimestampedModel } from '../../models/base-model';
import { Booking } from '../../models/booking';
import { User } from '../../models/user';

// Issue 31 "Move a day": the owner's move of one date, and each visit's move that its client
// settles from an e-mailed link (the tables: migration 20261127003000).

export class DayMove extends BaseModel {
  static override tableName = 'day_moves';

  declare id: string;
  declare movedDate: string;
  declare reason: string;
  declare createdBy: string | null;
  declare createdAt: Date;

  declare creator?: User | null;
  declare visits?: VisitMove[];

  static override relationMappings = (): RelationMappings => ({
    creator: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'day_moves.createdBy', to: 'users.id' },
    },
    visits: {
      relation: BaseModel.HasManyRelation,
      modelClass: VisitMove,
      join: { from: 'day_moves.id', to: 'visit_moves.dayMoveId' },
    },
  });
}

export class VisitMove extends TimestampedModel {
  static override tableName = 'visit_moves';

  declare id: string;
  declare dayMoveId: string;
  declare bookingId: string;
  declare fromDate: string;
  declare fromTime: string;
  /** Null when no provider was free: the client chooses. */
  declare proposedDate: string | null;
  declare proposedTime: string | null;
  declare status: VisitMoveStatus;
  declare settledAt: Date | null;

  declare booking?: Booking;
  declare dayMove?: DayMove;

  static override relationMappings = (): RelationMappings => ({
    booking: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Booking,
      join: { from: 'visit_moves.bookingId', to: 'bookings.id' },
    },
    dayMove: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: DayMove,
      join: { from: 'visit_moves.dayMoveId', to: 'day_moves.id' },
    },
  });
}
