// The compose stack's one-shot `create-bucket` job: makes the photo bucket S3_BUCKET on
// S3_ENDPOINT, or finds it there, then exits 0. The S3 server starts empty and the app never
// creates buckets, so web and worker wait for this job. Safe to run again at every `up`.
//
//   node --import tsx deploy/create-bucket.ts
//
// It retries for a while (BUCKET_INIT_ATTEMPTS, one a second) because the S3 server may still
// be finding its feet after its health check passed; then it exits 1 with the last error.
import { CreateBucketCommand, HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { s3Client } from '../api/src/adapters/storage/s3';

const env = process.env;
const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((n) => !env[n]);
if (missing.length > 0) {
  console.error(`create-bucket: set ${missing.join(', ')}`);
  process.exit(1);
}
const bucket = env.S3_BUCKET ?? '';
const attempts = Math.max(1, Number(env.BUCKET_INIT_ATTEMPTS ?? 30) || 30);
// The app's own client settings (path-style, checksums only where required), so what works here
// works for the app.
const client = s3Client({
  endpoint: env.S3_ENDPOINT,
  bucket,
  region: env.S3_REGION ?? 'us-east-1',
  accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
});
// This SDK sends bucket calls to `/<bucket>/`. Some S3 copies refuse that form (s3rver, which
// the tests run this against, does); `/<bucket>`, what older SDKs sent, is taken everywhere.
client.middlewareStack.add(
  (next) => (args) => {
    const request = args.request as { path?: string };
    if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
    return next(args);
  },
  { step: 'build', name: 'bucketPathWithoutSlash' },
);

const status = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

async function ensureBucket(): Promise<'found' | 'created'> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return 'found';
  } catch (error) {
    // 404 is "no such bucket"; anything else (403 for wrong keys, no answer) is a failure.
    if (status(error) !== 404) throw error;
  }
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return 'created';
  } catch (error) {
    // Another run made it between the two calls.
    if (error instanceof S3ServiceException && error.name === 'BucketAlreadyOwnedByYou') {
      return 'found';
    }
    throw error;
  }
}

// A refused HEAD has no body, so the SDK can name it only "Unknown": the status says more.
const describe = (error: unknown) =>
  error instanceof S3ServiceException
    ? `${error.name} (HTTP ${status(error)})`
    : error instanceof Error
      ? error.message
      : String(error);

for (let attempt = 1; ; attempt++) {
  try {
    const result = await ensureBucket();
    console.log(`create-bucket: bucket ${bucket} ${result} at ${env.S3_ENDPOINT ?? 'AWS S3'}`);
    break;
  } catch (error) {
    if (attempt >= attempts) {
      console.error(`create-bucket: gave up after ${attempt} attempts: ${describe(error)}`);
      process.exit(1);
    }
    console.warn(`create-bucket: attempt ${attempt} failed (${describe(error)}); retrying`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
client.destroy();
