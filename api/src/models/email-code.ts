import { BaseModel } from './base-model';

export class EmailCode extends BaseModel {
  static override tableName = 'email_codes';

  declare id: string;
  declare userId: string;
  declare purpose: 'verify_email' | 'reset_password';
  declare codeHash: string;
  declare attempts: number;
  declare expiresAt: Date;
  declare consumedAt: Date | null;
  declare createdAt: Date;
}
