import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseDataKey } from './security/data-cipher';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    // all: one process does everything (npm start). web: HTTP only. worker: jobs and schedules.
    ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    // How long a stopping process lets requests in flight finish before cutting them off.
    DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(10),
    CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATABASE_URL: z.string().url().optional(),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    DATA_KEY: z
      .string()
      .refine((key) => parseDataKey(key) !== null, 'DATA_KEY must be 32 bytes, base64-encoded')
      .optional(),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().min(3).default('TwinClean <hello@twinclean.test>'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
    VAPID_PUBLIC_KEY: z.string().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().min(1).optional(),
    // Push services contact the sender here about its pushes (RFC 8292).
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
      .default('mailto:hello@twinclean.test'),
    // The publishable key goes to every browser: a secret key in its place would leak it.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_/, 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
      .optional(),
    // Stripe signs Connect events (account.updated for providers' payout accounts) with the
    // secret of an endpoint of their own; unset, an account's state is read when its owner asks.
    STRIPE_CONNECT_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'STRIPE_CONNECT_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
      .optional(),
    // Prometheus metrics (api/src/metrics): GET /metrics on the main port for a scraper bearing
    // METRICS_TOKEN, and/or a token-less listener on METRICS_PORT meant for a private network
    // (METRICS_HOST, default HOST). Neither set: /metrics is an unknown path.
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .regex(/^\S+$/, 'METRICS_TOKEN cannot contain spaces')
      .optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    METRICS_HOST: z.string().min(1).optional(),
    // Photos go to this S3 bucket when it is named, else to DATA_DIR/uploads. No endpoint
    // means AWS's own; Garage, SeaweedFS or MinIO give theirs.
    S3_ENDPOINT: z
      .string()
      .url()
      // 'garage:3900' parses as a URL whose scheme is "garage:"; the SDK needs http(s).
      .regex(/^https?:\/\//, 'S3_ENDPOINT must be an http:// or https:// URL')
      .optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Text messages (issue 32): Twilio's REST API when the account is set, else kept in
    // outbound_texts and the log. SMS_API_URL is for a stand-in of Twilio's API in tests.
    SMS_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'SMS_ACCOUNT_SID is a Twilio Account SID (AC…)')
      .optional(),
    SMS_AUTH_TOKEN: z.string().min(16, "SMS_AUTH_TOKEN is the account's auth token").optional(),
    SMS_FROM: z.string().min(2).optional(),
    SMS_API_URL: z
      .string()
      .url()
      .regex(/^https?:\/\//)
      .default('https://api.twilio.com'),
    // "On my way": straight-line distance × the road factor, at this average speed, rounded up.
    ETA_ROAD_FACTOR: z.coerce.number().min(1).max(3).default(1.4),
    ETA_SPEED_KMH: z.coerce.number().min(5).max(120).default(35),
  })
  .superRefine((env, ctx) => {
    // DECISIONS.md "Auth": in production a missing mailer is a startup error, never a code in a response.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required in production, or verification codes cannot be e-mailed',
      });
    }
    const sms = [env.SMS_ACCOUNT_SID, env.SMS_AUTH_TOKEN, env.SMS_FROM].filter(Boolean).length;
    if (sms !== 0 && sms !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_FROM'],
        message: 'Set SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM together, or none of them',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'METRICS_PORT must differ from PORT (the metrics listener is a second one)',
      });
    }
    if (env.METRICS_HOST && env.METRICS_PORT === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_HOST'],
        message: 'METRICS_HOST is where METRICS_PORT listens: set METRICS_PORT too',
      });
    }
    // DECISIONS.md "Payments": Stripe takes all three (API, Payment Element, webhooks) or none.
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none',
      });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_BUCKET needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      });
    }
    // Without a bucket these would be ignored, and photos would quietly stay on local disk.
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET is needed when S3_ENDPOINT or S3 keys are set',
      });
    }
  });
export type Config = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
