import { randomUUID } from 'node:crypto';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { openedBodies } from '../adapters/mailer';
import { GiftCard, type GiftCardStatus } from '../models/gift-card';
import { giftCardHash, newGiftCardCode } from '../modules/gift-cards/code';
import { dataCipher } from '../security/data-cipher';

// Gift cards for the gift card tests: bought through the public route, or put straight in the
// table when the purchase is not what a test is about.

let address = 0;
/** A caller's address of its own, so the per-address limits never meet across tests. */
export const freshIp = () => `198.51.${(++address >> 8) & 255}.${address & 255}`;

/** POSTs JSON from a fresh address; the status and the parsed answer. */
export async function post(baseUrl: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and parse what matters
  return { status: res.status, json: (await res.json()) as any };
}

/** The purchase form, for a recipient of its own. */
export const purchaseForm = (fields: Record<string, unknown> = {}) => ({
  amount: '50',
  purchaserName: 'Gail Giver',
  purchaserEmail: `gail-${randomUUID()}@example.com`,
  recipientName: 'Rae Recipient',
  recipientEmail: `rae-${randomUUID()}@example.com`,
  message: 'Enjoy a clean home',
  deliverOn: chicagoDate(new Date()),
  ...fields,
});

/** A card in the table with a code the test knows: paid and delivered unless told otherwise. */
export async function cardWithCode(
  db: Knex,
  fields: { amountCents?: number; balanceCents?: number; status?: GiftCardStatus } = {},
) {
  const code = newGiftCardCode();
  const amountCents = fields.amountCents ?? 5000;
  const card = await GiftCard.query(db).insert({
    codeHash: giftCardHash(code),
    codeSealed: (await dataCipher(db)).seal(code),
    codeLast4: code.slice(-4),
    amountCents,
    balanceCents: fields.balanceCents ?? amountCents,
    purchaserName: 'Gail Giver',
    purchaserEmail: 'gail@example.com',
    recipientName: 'Rae Recipient',
    recipientEmail: `rae-${randomUUID()}@example.com`,
    deliverOn: chicagoDate(new Date()),
    status: fields.status ?? 'paid',
    gateway: 'local',
    paidAt: new Date(),
    deliveredAt: new Date(),
  });
  return { id: card.id, code };
}

/** The rows queued to an address, oldest first, as the outbox keeps them (sealed or not). */
export const storedMailsTo = (db: Knex, to: string) =>
  db('outboundEmails').where({ toAddress: to }).orderBy('createdAt');

/** The e-mails queued to an address, oldest first, their bodies as sent (sealed ones opened). */
export async function mailsTo(db: Knex, to: string) {
  const rows = await storedMailsTo(db, to);
  return Promise.all(
    rows.map(async (row) => {
      const body = await openedBodies(db, row);
      return { ...row, textBody: body.text, htmlBody: body.html };
    }),
  );
}
