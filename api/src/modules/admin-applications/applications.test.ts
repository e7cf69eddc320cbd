import { randomUUID } from 'node:crypto';
import {
  applicationDecisionSchema,
  applicationDetailSchema,
  applicationsPageSchema,
} from '@twinclean/shared/admin-applications';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { untilWaitingOnALock } from '../../test/lock-wait';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { catcherMailer, codeIn, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db, () => ({
  trustProxy: true,
  mailer: catcherMailer(db.knex, smtp),
}));

let staff: JsonCall;
let owner: JsonCall;
let staffId: string;
beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
  owner = await signedInJson(api.url, 'owner@example.com');
  staffId = (await db.knex('users').where({ email: 'staff@example.com' }).first('id')).id;
});

let ip = 0;
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${++ip}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { id?: string; code?: string } };
};

// Each applicant's own number unless a test gives one: random ones met now and then, and a
// shared number is exactly what the duplicate flag reports.
let phones = 0;

/** Applies through the careers form, as anyone can. */
async function apply(fields: { email?: string; phone?: string; firstName?: string } = {}) {
  const email = fields.email ?? `applicant-${randomUUID()}@example.com`;
  const answer = await post('/api/provider-applications', {
    firstName: fields.firstName ?? 'Avery',
    lastName: 'Applicant',
    email,
    phone: fields.phone ?? `952-555-${String(++phones).padStart(4, '0')}`,
    experience: 'Six years cleaning homes in Edina.\nReferences on request.',
    availability: 'Weekdays before 3pm',
    whyJoin: 'I like a tidy schedule.',
  });
  expect(answer.status).toBe(201);
  return { id: answer.json.id as string, email };
}

const approve = (as: JsonCall, id: string) =>
  as('POST', `/api/admin/provider-applications/${id}/approve`);
const reject = (as: JsonCall, id: string) =>
  as('POST', `/api/admin/provider-applications/${id}/reject`);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

describe('provider applications', () => {
  it('lists newest first, filters by status and searches names and e-mails', async () => {
    const older = await apply({ firstName: 'Quinlan' });
    const newer = await apply({ firstName: 'Quinlan' });
    const found = await staff('GET', '/api/admin/provider-applications?q=QUINLAN&status=new');
    expect(found.status).toBe(200);
    const page = applicationsPageSchema.parse(found.json);
    expect(page.items.map((a) => a.id)).toEqual([newer.id, older.id]);
    expect(page.total).toBe(2);
    const byEmail = await staff('GET', `/api/admin/provider-applications?q=${older.email}`);
    expect(byEmail.json.items.map((a: { id: string }) => a.id)).toEqual([older.id]);
    const none = await staff('GET', '/api/admin/provider-applications?q=Quinlan&status=approved');
    expect(none.json).toMatchObject({ items: [], total: 0 });
    // A search for a wildcard looks for the character itself.
    expect((await staff('GET', '/api/admin/provider-applications?q=%25')).json.total).toBe(0);
    const bad = await staff('GET', '/api/admin/provider-applications?status=interview');
    expect(bad).toMatchObject({ status: 400, json: { code: 'validation_error' } });
  });

  it('flags the same e-mail or phone as another application or an account', async () => {
    const client = await newUser(db.knex, 'client', { phone: '(651) 555-0188' });
    const first = await apply({ phone: '651.555.0142' });
    const again = await apply({ phone: '651-555-0142' });
    const asClient = await apply({ email: client.email });
    const byPhone = await apply({ phone: '651 555 0188' });
    // The country code is the same number.
    const withCountryCode = await apply({ phone: '+1 (651) 555-0142' });
    const alone = await apply();
    const list = applicationsPageSchema.parse(
      (await staff('GET', '/api/admin/provider-applications?status=new')).json,
    );
    const flag = (id: string) => list.items.find((a) => a.id === id)?.duplicate;
    expect(flag(first.id)).toEqual({ applications: 2, accounts: 0 });
    expect(flag(again.id)).toEqual({ applications: 2, accounts: 0 });
    expect(flag(withCountryCode.id)).toEqual({ applications: 2, accounts: 0 });
    expect(flag(asClient.id)).toEqual({ applications: 0, accounts: 1 });
    expect(flag(byPhone.id)).toEqual({ applications: 0, accounts: 1 });
    expect(flag(alone.id)).toEqual({ applications: 0, accounts: 0 });

    const detail = applicationDetailSchema.parse(
      (await staff('GET', `/api/admin/provider-applications/${again.id}`)).json,
    );
    expect(detail.experience).toBe('Six years cleaning homes in Edina.\nReferences on request.');
    expect(detail.matches.applications.map((a) => a.id).sort()).toEqual(
      [first.id, withCountryCode.id].sort(),
    );
    const other = applicationDetailSchema.parse(
      (await staff('GET', `/api/admin/provider-applications/${asClient.id}`)).json,
    );
    expect(other.matches.accounts).toEqual([
      expect.objectContaining({ id: client.id, role: 'client', email: client.email }),
    ]);
    expect((await staff('GET', `/api/admin/provider-applications/${randomUUID()}`)).status).toBe(
      404,
    );
  });

  it('approves: a provider account, a set-password code by e-mail, and the job board after', async () => {
    const { id, email } = await apply();
    const answer = await approve(staff, id);
    expect(answer.status).toBe(200);
    const { application } = applicationDecisionSchema.parse(answer.json);
    expect(application).toMatchObject({ status: 'approved', decidedBy: { id: staffId } });
    expect(application.decidedAt).not.toBeNull();
    const provider = await db.knex('users').where({ email }).first();
    expect(provider).toMatchObject({
      role: 'provider',
      passwordHash: null,
      phone: expect.any(String),
    });
    expect(provider.emailVerifiedAt).not.toBeNull();
    expect(application.providerId).toBe(provider.id);
    expect(application.duplicate.accounts).toBe(0);
    const [entry] = await db
      .knex('auditLog')
      .where({ entity: 'provider_application', entityId: id });
    expect(entry).toMatchObject({ action: 'provider_application.approve', actorId: staffId });
    expect(entry.after).toMatchObject({ status: 'approved', providerId: provider.id });

    const [mail] = mailsTo(email);
    expect(mail?.raw).toContain('Subject: Set your TwinClean password');
    expect(mail?.raw).toContain('your application to clean with TwinClean was approved');
    const password = 'my own password 1';
    const reset = await post('/api/auth/reset-password', {
      email,
      code: codeIn(mail),
      newPassword: password,
    });
    expect(reset.status).toBe(200);
    const asProvider = await signInAs(api.url, email, password);
    expect((await asProvider('/api/provider/job-board')).status).toBe(200);
  });

  it('approves once however often it is asked, even at the same moment', async () => {
    const { id, email } = await apply();
    const answers = await Promise.all([approve(staff, id), approve(owner, id), approve(staff, id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await db.knex('users').where({ email })).toHaveLength(1);
    expect(await db.knex('auditLog').where({ entityId: id })).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
    const profile = await db.knex('providerProfiles').where({ applicationId: id });
    expect(profile).toHaveLength(1);
  });

  it('refuses to approve an address that already has an account, changing nothing', async () => {
    const { id } = await apply({ email: 'client@example.com' });
    const before = await snapshot(db.knex);
    const refused = await approve(staff, id);
    expect(refused).toMatchObject({
      status: 409,
      json: { code: 'email_taken', message: 'An account with this e-mail already exists.' },
    });
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('refuses alike an address that a signup takes while the approval runs, leaving it new', async () => {
    const { id, email } = await apply();
    // The signup's account, not yet committed: the approval finds the address free, then its
    // insert waits on this one's at the unique index.
    const signup = await db.knex.transaction();
    try {
      await signup('users').insert({ email, firstName: 'Sam', lastName: 'Signup' });
      const approving = approve(staff, id);
      await untilWaitingOnALock(db.knex);
      await signup.commit();
      expect(await approving).toMatchObject({
        status: 409,
        json: { code: 'email_taken', message: 'An account with this e-mail already exists.' },
      });
    } finally {
      if (!signup.isCompleted()) await signup.rollback();
    }
    expect(await db.knex('providerApplications').where({ id })).toMatchObject([{ status: 'new' }]);
    expect(await db.knex('providerProfiles').where({ applicationId: id })).toEqual([]);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it('rejects politely, once; a decided application cannot be decided the other way', async () => {
    const { id, email } = await apply({ firstName: 'Rory' });
    const answer = await reject(owner, id);
    expect(answer.status).toBe(200);
    expect(applicationDecisionSchema.parse(answer.json).application).toMatchObject({
      status: 'rejected',
      providerId: null,
    });
    expect((await reject(staff, id)).status).toBe(200);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.raw).toContain('Subject: Your application to TwinClean');
    expect(mails[0]?.raw).toContain('Hi Rory,');
    expect(mails[0]?.raw).toContain('welcome to apply again');
    expect(await db.knex('auditLog').where({ entityId: id })).toHaveLength(1);

    const late = await approve(staff, id);
    expect(late).toMatchObject({ status: 409, json: { code: 'already_decided' } });
    expect(late.json.message).toMatch(/^This application was already rejected on /);
    expect(await db.knex('users').where({ email })).toHaveLength(0);

    const approved = await apply();
    await approve(staff, approved.id);
    expect((await reject(staff, approved.id)).json.code).toBe('already_decided');
  });
});
