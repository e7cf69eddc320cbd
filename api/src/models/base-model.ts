import { Model } from 'objection';

export class BaseModel extends Model {
  static override useLimitInFirst = true;
}

/** For tables with created_at/updated_at: keeps updated_at honest on every patch. */
export class TimestampedModel extends BaseModel {
  declare createdAt: Date;
  declare updatedAt: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }
}
