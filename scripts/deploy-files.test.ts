// The deploy files checked without a container engine: Dockerfile and docker-compose.yml through
// their linters (each shown to fail a broken copy), then what the stack promises, read from the
// files: who runs as what, which files reach the image, which variables the app really reads.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DCLinter } from 'dclint';
import { validate } from 'dockerfile-utils';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { s3Storage } from '../api/src/adapters/storage/s3';
import { s3StandInEnv, s3StandInOptions, useS3StandIn } from '../api/src/test/s3-stand-in';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'deploy-files-'));
  temps.push(dir);
  await writeFile(path.join(dir, name), text);
  return path.join(dir, name);
}

/** Runs a command to its end; a non-zero exit is an answer here, not an error. */
function run(command: string[], options: { env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const [file = '', ...args] = command;
    execFile(file, args, { cwd: root, env: options.env ?? process.env }, (error, out, err) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${out}${err}` }),
    );
  });
}

// ---- Dockerfile, read as its instructions (continuations joined, comments dropped) ----
type Instruction = { keyword: string; args: string };
const instructions = (text: string): Instruction[] =>
  text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
const dockerfile = instructions(read('Dockerfile'));
const stages = dockerfile.reduce<Instruction[][]>((all, i) => {
  if (i.keyword === 'FROM') all.push([]);
  all.at(-1)?.push(i);
  return all;
}, []);
const runtime = stages.at(-1) ?? [];
const lastOf = (keyword: string) => runtime.filter((i) => i.keyword === keyword).at(-1)?.args;
const execForm = (args: string) => z.array(z.string()).parse(JSON.parse(args));
const healthcheckCommand = execForm((lastOf('HEALTHCHECK') ?? '').replace(/^.*?\bCMD\s+/, ''));

/** Docker's .dockerignore rules as used here: globs with `**`, a match excludes what is below. */
const ignorePatterns = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const globParts: Record<string, string> = { '**/': '(?:[^/]+/)*', '*': '[^/]*', '?': '[^/]' };
const globToRegExp = (pattern: string) => {
  const source = pattern
    .replace(/^\//, '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\/|\*|\?/g, (m) => globParts[m] ?? m);
  return new RegExp(`^${source}(?:/|$)`);
};
const ignored = (file: string) => ignorePatterns.some((p) => globToRegExp(p).test(file));

describe('Dockerfile', () => {
  it('passes the dockerfile-utils validator, which does catch a broken one', async () => {
    const lint = async (file: string) => run(['node_modules/.bin/dockerfile-utils', 'lint', file]);
    expect(validate(read('Dockerfile'))).toEqual([]);
    expect(await lint('Dockerfile')).toEqual({ code: 0, output: '' });
    const broken = read('Dockerfile')
      .replace('--interval=10s', '--interval=ten')
      .replace('STOPSIGNAL SIGTERM', 'STOPSIGNAL NEVER');
    const errors = validate(broken).filter((d) => d.severity === 1);
    expect(errors.map((d) => d.message).sort()).toEqual([
      'Invalid signal: NEVER',
      'time: invalid duration ten',
    ]);
    expect(await lint(await tempFile('Dockerfile', broken))).toEqual({
      code: 1,
      output: expect.stringContaining('Error: time: invalid duration ten'),
    });
  });

  it('runs node --import tsx as the non-root node user on one Node LTS, with exec-form CMD', () => {
    const majors = stages.map((s) => Number(/^node:(\d+)-/.exec(s[0]?.args ?? '')?.[1]));
    expect(majors.length).toBeGreaterThanOrEqual(2);
    expect(new Set(majors).size).toBe(1);
    expect(majors[0]).toBeGreaterThanOrEqual(22);
    expect((majors[0] ?? 1) % 2).toBe(0);
    expect(lastOf('USER')).toMatch(/^(?!root\b|0\b)\S+$/);
    expect(execForm(lastOf('CMD') ?? '')).toEqual(['node', '--import', 'tsx', 'api/src/server.ts']);
    expect(lastOf('STOPSIGNAL')).toBe('SIGTERM');
    expect(lastOf('EXPOSE')).toBe('3000');
    expect(runtime.some((i) => i.keyword === 'ENV' && /\bNODE_ENV=production\b/.test(i.args))).toBe(
      true,
    );
    expect(runtime.find((i) => /\bnpm ci\b/.test(i.args))?.args).toMatch(/--omit=dev/);
  });

  it('HEALTHCHECK asks /api/health/ready on PORT and fails on 503 or no answer', async () => {
    let status = 200;
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const check = () => run(healthcheckCommand, { env: { ...process.env, PORT: String(port) } });
    try {
      expect((await check()).code).toBe(0);
      status = 503;
      expect((await check()).code).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect((await check()).code).toBe(1);
    expect(asked).toEqual(['/api/health/ready', '/api/health/ready']);
  }, 30_000);

  it('puts every file the processes import in the image, and installs every package they use', async () => {
    // The runtime stage copies paths from the context to the same paths under WORKDIR.
    const copied = runtime
      .filter((i) => i.keyword === 'COPY' && !i.args.includes('--from'))
      .flatMap((i) => {
        const parts = i.args.split(/\s+/).filter((p) => !p.startsWith('--'));
        const dest = parts.pop() ?? '';
        for (const src of parts) {
          expect(
            path.normalize(dest.endsWith('/') ? path.join(dest, path.basename(src)) : dest),
          ).toBe(src);
        }
        return parts;
      });
    expect(ignorePatterns.filter((p) => p.startsWith('!'))).toEqual([]); // unknown to ignored()
    const inImage = (file: string) =>
      !ignored(file) && copied.some((src) => file === src || file.startsWith(`${src}/`));
    expect(
      ['api/src/server.ts', 'api/node_modules/x', 'shared/src/a.test.ts'].map(inImage),
    ).toEqual([true, false, false]);

    const migrations = (await readdir(path.join(root, 'api/db/migrations')))
      .filter((f) => /^\d{14}_.+\.ts$/.test(f))
      .map((f) => `api/db/migrations/${f}`);
    const externals = new Set<string>();
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints: ['api/src/server.ts', 'knexfile.ts', 'deploy/create-bucket.ts', ...migrations],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      outdir: 'out',
      logLevel: 'silent',
      plugins: [
        {
          name: 'packages-outside',
          setup(b) {
            // Workspace packages are followed into their sources; every other package is noted.
            b.onResolve({ filter: /^[^./]/ }, ({ path: spec }) => {
              if (spec.startsWith('@twinclean/')) return undefined;
              externals.add(spec);
              return { external: true };
            });
          },
        },
      ],
    });
    const sources = Object.keys(metafile.inputs);
    expect(sources.filter((file) => file.startsWith('shared/src/')).length).toBeGreaterThan(0);
    expect(sources.filter((file) => !inImage(file))).toEqual([]);

    const manifest = (file: string) =>
      z.object({ dependencies: z.record(z.string(), z.string()) }).parse(JSON.parse(read(file)));
    const installed = new Set([
      ...Object.keys(manifest('api/package.json').dependencies),
      ...Object.keys(manifest('shared/package.json').dependencies),
    ]);
    const packageOf = (spec: string) =>
      spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');
    const used = [...externals]
      .filter((spec) => !spec.startsWith('node:') && !builtinModules.includes(spec))
      .map(packageOf);
    expect(used.filter((name) => !installed.has(name))).toEqual([]);
    expect(installed.has('tsx')).toBe(true);
  }, 30_000);
});

// ---- docker-compose.yml ----
const serviceSchema = z.object({
  image: z.string().optional(),
  build: z.string().optional(),
  command: z.array(z.string()).optional(),
  depends_on: z.record(z.string(), z.object({ condition: z.string() })).optional(),
  environment: z.record(z.string(), z.string().nullable()).optional(),
  ports: z.array(z.string()).optional(),
  profiles: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  healthcheck: z.object({ test: z.array(z.string()).optional() }).optional(),
});
const compose = z
  .object({ services: z.record(z.string(), serviceSchema) })
  .parse(parse(read('docker-compose.yml'), { merge: true }));
const services = Object.entries(compose.services);
const named = (role: string) =>
  services.filter(([, s]) => s.environment?.ROLE === role).map(([name, s]) => ({ name, ...s }));
/** The app's own processes: built from this Dockerfile, running its CMD. */
const appServices = services.filter(([, s]) => s.build === '.' && !s.command);
const lintCompose = (file: string) =>
  new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] }).lintFiles([file], false);

describe('docker-compose.yml', () => {
  it('passes dclint with no error or warning, and dclint fails broken copies', async () => {
    const [result] = lintCompose(path.join(root, 'docker-compose.yml'));
    expect(result?.messages).toEqual([]);
    const text = read('docker-compose.yml');
    const breakages = {
      'invalid-schema': text.replace(
        'condition: service_completed_successfully',
        'condition: done',
      ),
      'invalid-yaml': text.replace('services:\n', 'services:\n  - oops\n'),
      'no-unbound-port-interfaces': text.replace(/^.*dclint disable-line.*\n/m, ''),
    };
    for (const [rule, broken] of Object.entries(breakages)) {
      const [lint] = lintCompose(await tempFile('docker-compose.yml', broken));
      expect(lint?.errorCount, rule).toBeGreaterThan(0);
      expect(lint?.messages.map((m) => m.rule)).toContain(rule);
    }
  });

  it('runs two web replicas and one worker from this image, Caddy in front of the web ones', () => {
    const web = named('web');
    const workers = named('worker');
    expect(web).toHaveLength(2);
    expect(workers).toHaveLength(1);
    expect(appServices.map(([name]) => name).sort()).toEqual(
      [...web, ...workers].map((s) => s.name).sort(),
    );
    for (const s of web) expect(s.environment?.TRUST_PROXY).toBe('true');
    for (const [, s] of appServices) {
      expect(s.image).toBeUndefined();
      expect(s.depends_on).toEqual({
        'create-bucket': { condition: 'service_completed_successfully' },
        db: { condition: 'service_healthy' },
      });
    }

    const images = services.map(([, s]) => s.image ?? '');
    expect(images.filter((image) => /minio/i.test(image))).toEqual([]);
    const db = compose.services.db;
    expect([db?.image, db?.healthcheck?.test?.join(' ')]).toEqual([
      'postgres:17',
      expect.stringMatching(/pg_isready/),
    ]);
    expect(compose.services.seaweedfs?.healthcheck?.test?.join(' ')).toMatch(/:8333\/healthz/);

    const [, caddy] = services.find(([, s]) => s.image?.startsWith('caddy:')) ?? [];
    expect(caddy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddy?.depends_on).toEqual(
      Object.fromEntries(web.map((s) => [s.name, { condition: 'service_healthy' }])),
    );
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /^\s*reverse_proxy\s+([^{]+)\{/m.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(web.map((s) => `${s.name}:${s.environment?.PORT ?? 3000}`));
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health\/ready$/m);
    expect(caddyfile).toMatch(/^\s*lb_policy round_robin$/m);
  });

  it('takes SESSION_SECRET and SMTP_URL from the environment and refuses to start without them', () => {
    for (const [, s] of appServices) {
      expect(s.environment?.NODE_ENV).toBe('production');
      for (const name of ['SESSION_SECRET', 'SMTP_URL']) {
        expect(s.environment?.[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
      }
    }
  });

  it('sets only variables api/src/config.ts reads, and README "Deploy" lists every one', () => {
    const schemaKeys = new Set(
      [...read('api/src/config.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]*): z\b/gm)].map((m) => m[1]),
    );
    expect([...schemaKeys]).toEqual(expect.arrayContaining(['NODE_ENV', 'ROLE', 'S3_BUCKET']));
    const set = new Set([
      ...appServices.flatMap(([, s]) => Object.keys(s.environment ?? {})),
      ...Object.keys(compose.services['create-bucket']?.environment ?? {}),
      ...runtime
        .filter((i) => i.keyword === 'ENV')
        .flatMap((i) => [...i.args.matchAll(/([A-Z_][A-Z0-9_]*)=/g)].map((m) => m[1])),
    ]);
    expect([...set].filter((name) => !schemaKeys.has(name))).toEqual([]);

    const deploy = /^## Deploy\n([\s\S]*?)(?=^## )/m.exec(`${read('README.md')}\n## `)?.[1] ?? '';
    const documented = new Set(
      deploy
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([A-Z0-9_]+)`/g)])
        .map((m) => m[1]),
    );
    expect([...schemaKeys].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('gives the app the S3 key SeaweedFS is configured with, at its S3 address', () => {
    const seaweedfs = compose.services.seaweedfs;
    const configFlag = seaweedfs?.command?.find((arg) => arg.startsWith('-s3.config='));
    const mounted = `./deploy/seaweedfs/s3.json:${configFlag?.split('=')[1]}:ro`;
    expect(seaweedfs?.volumes).toContain(mounted);
    const identities = z
      .object({
        identities: z.array(
          z.object({
            credentials: z.array(z.object({ accessKey: z.string(), secretKey: z.string() })),
            actions: z.array(z.string()),
          }),
        ),
      })
      .parse(JSON.parse(read('deploy/seaweedfs/s3.json'))).identities;
    const users = [...appServices, ['create-bucket', compose.services['create-bucket']] as const];
    for (const [, s] of users) {
      const env = s?.environment ?? {};
      expect(env.S3_ENDPOINT).toBe('http://seaweedfs:8333');
      const identity = identities.find((i) =>
        i.credentials.some(
          (c) => c.accessKey === env.S3_ACCESS_KEY_ID && c.secretKey === env.S3_SECRET_ACCESS_KEY,
        ),
      );
      expect(identity?.actions).toEqual(expect.arrayContaining(['Admin', 'Read', 'Write']));
    }
  });

  it('keeps PostgreSQL alone for `npm start` as the dev profile', () => {
    const dev = compose.services['db-dev'];
    expect([dev?.image, dev?.profiles, dev?.ports]).toEqual([
      'postgres:17',
      ['dev'],
      ['127.0.0.1:5433:5432'],
    ]);
    const header = read('docker-compose.yml').split('\n\n')[0];
    expect(header).toContain('docker compose --profile dev up db-dev');
    expect(header).toContain(
      'DATABASE_URL=postgres://twinclean:twinclean@127.0.0.1:5433/twinclean npm start',
    );
  });
});

describe("deploy/create-bucket.ts (the stack's one-shot job), against a real S3 API", () => {
  const standIn = useS3StandIn();
  const createBucket = (env: Record<string, string>) =>
    run(['node', '--import', 'tsx', 'deploy/create-bucket.ts'], {
      env: { ...process.env, ...s3StandInEnv(standIn), BUCKET_INIT_ATTEMPTS: '1', ...env },
    });

  it('makes the bucket, finds it on the next run, and the app can store in it', async () => {
    expect(await createBucket({ S3_BUCKET: 'made-by-job' })).toEqual({
      code: 0,
      output: expect.stringContaining('bucket made-by-job created'),
    });
    expect(await createBucket({ S3_BUCKET: 'made-by-job' })).toEqual({
      code: 0,
      output: expect.stringContaining('bucket made-by-job found'),
    });
    const storage = s3Storage({ ...s3StandInOptions(standIn), bucket: 'made-by-job' });
    await storage.put('jobs/1/photo.png', Buffer.from('png'));
    expect(await storage.get('jobs/1/photo.png')).toEqual(Buffer.from('png'));
  }, 30_000);

  it('exits 1 when the key is wrong, so the stack does not start on a broken store', async () => {
    expect(await createBucket({ S3_BUCKET: 'other', S3_SECRET_ACCESS_KEY: 'wrong' })).toEqual({
      code: 1,
      output: expect.stringContaining('gave up after 1 attempts'),
    });
  }, 30_000);
});
