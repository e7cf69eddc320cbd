import { BaseModel } from './base-model';

/** A reply an admin e-mailed to a contact form's sender, and whether the mail left. */
export class ContactFormReply extends BaseModel {
  static override tableName = 'contact_form_replies';

  declare id: string;
  declare contactFormId: string;
  declare subject: string;
  declare body: string;
  declare sentBy: string | null;
  declare delivered: boolean;
  declare createdAt: Date;
}
