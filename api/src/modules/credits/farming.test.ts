import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { REFERRAL_REFUSALS, type ReferralRefusal } from '@twinclean/shared/referrals';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { type Client, referralKit } from '../../test/referral-kit';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { addressKey, mailbox } from './farming';

// The anti-farming rules (shared/src/referrals.ts): a referral between the same mailbox, the same
// private e-mail domain, the same home or the same saved card earns nothing, says which rule,
// is kept refused for the owner, and the booking is taken all the same.

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const kit = referralKit(db, api);

beforeAll(() => seedDemoData(db.knex));

describe('mailboxes and addresses as the rules compare them', () => {
  it('drops +tags, Gmail’s dots and case; keeps other providers’ dots', () => {
    expect(mailbox('Jane.Doe+promo@GMail.com')).toBe('janedoe@gmail.com');
    expect(mailbox('jane.doe@googlemail.com')).toBe('janedoe@gmail.com');
    expect(mailbox('jane.doe+x@acme.com')).toBe('jane.doe@acme.com');
    expect(mailbox('jane.doe@acme.com')).not.toBe(mailbox('janedoe@acme.com'));
  });

  it('reads one home however its street and unit are written', () => {
    const home = addressKey('4410 Bryant Avenue South, Apt. 2', '55408');
    expect(addressKey('4410 bryant ave s #2', '55408')).toBe(home);
    expect(addressKey('4410 Bryant Ave S Unit 2', '55408')).toBe(home);
    expect(addressKey('4410 Bryant Ave S Apt 3', '55408')).not.toBe(home);
    expect(addressKey('4410 Bryant Ave S Apt 2', '55409')).not.toBe(home);
  });
});

/** Books `friend`'s first visit through `referrer`'s link; expects it taken and refused. */
async function refusedBooking(
  referrer: Client,
  friend: Client,
  rule: ReferralRefusal,
  fields: Record<string, unknown> = {},
) {
  const booked = await kit.book(friend, { referralCode: await kit.codeOf(referrer), ...fields });
  expect(booked.status).toBe(201);
  expect(booked.json).toMatchObject({
    creditAmount: '0.00',
    referralMessage: REFERRAL_REFUSALS[rule],
  });
  expect(await db.knex('referrals').where({ referredId: friend.id }).first()).toMatchObject({
    referrerId: referrer.id,
    bookingId: booked.json.id,
    refusedReason: rule,
  });
  expect(await db.knex('creditEntries').whereIn('clientId', [referrer.id, friend.id])).toEqual([]);
  return booked;
}

describe('the anti-farming rules', () => {
  it('refuses the same mailbox: another account with a +tag or Gmail’s dots', async () => {
    const name = `jane${randomBytes(3).toString('hex')}`;
    const jane = await kit.client({ email: `${name}@gmail.com` });
    const again = await kit.client({ email: `${name.slice(0, 2)}.${name.slice(2)}+two@gmail.com` });
    await refusedBooking(jane, again, 'same_email');
  });

  it('refuses the same mailbox given as the booking’s e-mail', async () => {
    const jane = await kit.client();
    const other = await kit.client();
    await refusedBooking(jane, other, 'same_email', {
      clientEmail: jane.email.replace('@', '+b@'),
    });
  });

  it('refuses the same private e-mail domain; public providers are exempt', async () => {
    const domain = `acme-${randomBytes(3).toString('hex')}.com`;
    const boss = await kit.client({ email: `boss@${domain}` });
    const clerk = await kit.client({ email: `clerk@${domain}` });
    await refusedBooking(boss, clerk, 'same_email_domain');

    const a = await kit.client({ email: `a${randomBytes(4).toString('hex')}@outlook.com` });
    const b = await kit.client({ email: `b${randomBytes(4).toString('hex')}@outlook.com` });
    const welcome = await kit.book(b, { referralCode: await kit.codeOf(a) });
    expect(welcome.json).toMatchObject({
      creditAmount: '20.00',
      referralMessage: expect.any(String),
    });
  });

  it('refuses a home the referrer books for, however it is written', async () => {
    const number = randomInt(1000, 9999);
    const referrer = await kit.client();
    const mine = await kit.book(referrer, { address: `${number} Bryant Avenue South, Apt. 2` });
    expect(mine.status).toBe(201);
    await refusedBooking(referrer, await kit.client(), 'same_address', {
      address: `${number} bryant ave s #2`,
    });
  });

  it('refuses the referrer’s credit when both saved the same card, checked at the visit’s end', async () => {
    const referrer = await kit.client();
    const friend = await kit.client();
    const card = { brand: 'visa', last4: '1881', expMonth: 4, expYear: 2031 };
    for (const userId of [referrer.id, friend.id]) {
      await db.knex('paymentMethods').insert({
        userId,
        gateway: 'local',
        gatewayPaymentMethodId: `pm_local_${randomUUID()}`,
        isDefault: true,
        ...card,
      });
    }
    // At booking the new client has their welcome credit: the card is the friend's rule.
    const booked = await kit.book(friend, { referralCode: await kit.codeOf(referrer) });
    expect(booked.json).toMatchObject({ status: 'pending_assignment', creditAmount: '20.00' });
    expect((await kit.completeVisit(booked.json.id)).out.status).toBe(200);
    expect(await kit.balanceCents(referrer.id)).toBe(0);
    expect(await db.knex('referrals').where({ referredId: friend.id }).first()).toMatchObject({
      refusedReason: 'same_card',
      referrerCreditedAt: null,
    });
    const view = await referrer.call('GET', '/api/client/credits');
    expect(view.json.referrals).toMatchObject([
      { firstName: 'Rhea', status: 'refused', refusedReason: REFERRAL_REFUSALS.same_card },
    ]);
  });

  it('pays the referrer when the cards differ in any of brand, last four or expiry', async () => {
    const referrer = await kit.client();
    const friend = await kit.client();
    const cards = [
      { userId: referrer.id, brand: 'visa', last4: '1881', expMonth: 4, expYear: 2031 },
      { userId: friend.id, brand: 'visa', last4: '1881', expMonth: 5, expYear: 2031 },
    ];
    for (const card of cards) {
      await db.knex('paymentMethods').insert({
        ...card,
        gateway: 'local',
        gatewayPaymentMethodId: `pm_local_${randomUUID()}`,
        isDefault: true,
      });
    }
    const booked = await kit.book(friend, { referralCode: await kit.codeOf(referrer) });
    expect((await kit.completeVisit(booked.json.id)).out.status).toBe(200);
    expect(await kit.balanceCents(referrer.id)).toBe(2000);
  });
});
