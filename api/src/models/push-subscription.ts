import { BaseModel } from './base-model';

export class PushSubscription extends BaseModel {
  static override tableName = 'push_subscriptions';

  declare id: string;
  declare userId: string;
  declare endpoint: string;
  declare p256dh: string;
  declare auth: string;
  declare userAgent: string | null;
  declare lastSuccessAt: Date | null;
  declare createdAt: Date;
}
