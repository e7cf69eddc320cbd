import { expect } from '@playwright/test';
import type { Knex } from 'knex';
import { openedBodies } from '../api/src/adapters/mailer';

/**
 * The code in the newest gift card e-mail to `to`, waiting for it. The outbox keeps that e-mail
 * sealed under the app's data key (the code spends the card), so it is opened as the sender does.
 */
export async function deliveredGiftCardCode(knex: Knex, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mail = await knex('outboundEmails')
        .where({ toAddress: to, template: 'gift_card_delivery' })
        .orderBy('createdAt', 'desc')
        .first();
      if (!mail) return '';
      const { text } = await openedBodies(knex, mail);
      code = /Your gift card code: ([A-Z0-9-]+)/.exec(text)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}
