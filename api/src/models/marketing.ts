import { BaseModel, TimestampedModel } from './base-model';

// The leads the admin's Marketing & Leads pages list.

export class NewsletterSubscriber extends BaseModel {
  static override tableName = 'newsletter_subscribers';

  declare id: string;
  declare email: string;
  declare source: string;
  declare subscribedAt: Date;
  declare unsubscribedAt: Date | null;
}

export class ContactForm extends TimestampedModel {
  static override tableName = 'contact_forms';

  declare id: string;
  declare name: string;
  declare email: string;
  declare phone: string | null;
  declare subject: string;
  declare topic: 'booking' | 'billing' | 'provider' | 'other';
  declare message: string;
  declare status: 'new' | 'answered';
  declare answeredAt: Date | null;
  declare answeredBy: string | null;
}

export class MarketingContact extends TimestampedModel {
  static override tableName = 'marketing_contacts';

  declare id: string;
  declare email: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare phone: string | null;
  declare source: string;
  declare tags: string[];
  declare consent: boolean;
}
