import type { Knex } from 'knex';
import { unsubscribeTokens } from '../modules/leads/unsubscribe-token';

/**
 * The leads' resources for the access-matrix and fuzz tests: a contact form message carrying the
 * world's secret (only admins may see it), and a newsletter subscriber with their unsubscribe
 * link's token.
 */
export async function leadsWorld(db: Knex, secret: string) {
  const [message] = await db('contactForms')
    .insert({
      name: 'Matrix Sender',
      email: `k${secret}@example.com`,
      topic: 'booking',
      subject: '',
      message: `Can you clean on Saturday? ${secret}`,
    })
    .returning('id');
  const [subscriber] = await db('newsletterSubscribers')
    .insert({ email: `n${secret}@example.com` })
    .returning('id');
  const tokenFor = await unsubscribeTokens(db);
  return { contactForm: message.id as string, unsubscribeToken: tokenFor(subscriber.id) };
}
