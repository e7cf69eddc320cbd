import { beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { contactFormReplies, contactFormWithAnswerer } from './contact-forms.sql';

const db = useTestDatabase();

let admin: string;
let other: string;
let answered: string;
let open: string;
beforeAll(async () => {
  admin = (await newUser(db.knex, 'client', { firstName: 'Olive', lastName: 'Owner' })).id;
  other = (await newUser(db.knex, 'client', { firstName: 'Sam', lastName: 'Staff' })).id;
  const message = (name: string, fields: Record<string, unknown> = {}) => ({
    name,
    email: `${name.toLowerCase()}@example.com`,
    topic: 'billing',
    subject: '',
    message: `A question from ${name}`,
    ...fields,
  });
  const rows = await db
    .knex('contactForms')
    .insert([
      message('Ada', { status: 'answered', answeredAt: new Date(), answeredBy: admin }),
      message('Bo', { phone: '612-555-0100' }),
    ])
    .returning('id');
  answered = rows[0].id;
  open = rows[1].id;
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));
  await db.knex('contactFormReplies').insert([
    {
      contactFormId: answered,
      subject: 'Second',
      body: 'b',
      sentBy: other,
      delivered: false,
      createdAt: at(30),
    },
    {
      contactFormId: answered,
      subject: 'First',
      body: 'a',
      sentBy: admin,
      delivered: true,
      createdAt: at(10),
    },
    {
      contactFormId: answered,
      subject: 'Orphan',
      body: 'c',
      sentBy: null,
      delivered: true,
      createdAt: at(20),
    },
    {
      contactFormId: open,
      subject: 'Elsewhere',
      body: 'd',
      sentBy: admin,
      delivered: true,
      createdAt: at(5),
    },
  ]);
});

describe('a contact form with who answered it', () => {
  it('names the admin who answered, and reads the message itself', async () => {
    const row = await contactFormWithAnswerer(db.knex, answered);
    expect(row).toMatchObject({
      id: answered,
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'billing',
      status: 'answered',
      message: 'A question from Ada',
      answeredByName: 'Olive Owner',
    });
    expect(row?.answeredAt).toBeInstanceOf(Date);
  });

  it('has no name for a message nobody answered, and nothing for an unknown id', async () => {
    expect(await contactFormWithAnswerer(db.knex, open)).toMatchObject({
      id: open,
      phone: '612-555-0100',
      status: 'new',
      answeredByName: null,
    });
    expect(
      await contactFormWithAnswerer(db.knex, '00000000-0000-4000-8000-000000000000'),
    ).toBeUndefined();
  });
});

describe('a contact form’s replies', () => {
  it('are only its own, oldest first, with who sent each', async () => {
    const replies = await contactFormReplies(db.knex, answered);
    expect(replies.map((r) => [r.subject, r.sentByName, r.delivered])).toEqual([
      ['First', 'Olive Owner', true],
      ['Orphan', null, true],
      ['Second', 'Sam Staff', false],
    ]);
    expect(replies[0]?.createdAt).toEqual(new Date(Date.UTC(2026, 10, 20, 12, 10)));
    expect((await contactFormReplies(db.knex, open)).map((r) => r.subject)).toEqual(['Elsewhere']);
  });
});
