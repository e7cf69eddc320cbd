import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticApp, staticApps } from './static-apps';

let dir = '';
let base = '';
let close = () => {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'static-apps-'));
  const files: [string, string][] = [
    ['web/index.html', 'web shell'],
    ['web/assets/app-abc123.js', 'console.log(1)'],
    ['web/robots.txt', 'User-agent: *'],
    ['pwa/index.html', 'pwa shell'],
    ['pwa/sw.js', 'self.addEventListener("fetch", () => {})'],
  ];
  for (const [file, text] of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const app = new Koa();
  app.use(
    staticApps([
      { mount: '/', root: path.join(dir, 'web') },
      { mount: '/provider', root: path.join(dir, 'pwa') },
      { mount: '/unbuilt', root: path.join(dir, 'missing') },
    ]),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await rm(dir, { recursive: true, force: true });
});

const get = async (url: string, method = 'GET') => {
  const res = await fetch(`${base}${url}`, { method });
  return { status: res.status, text: await res.text(), cache: res.headers.get('cache-control') };
};

/** Serves `apps` on a port of their own while `use` runs. */
async function onOwnServer(apps: StaticApp[], use: (at: string) => Promise<void>) {
  const app = new Koa();
  app.use(staticApps(apps));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  try {
    await use(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  } finally {
    server.close();
  }
}

/** The Link header the shell (or file) at `url` comes with. */
async function linkAt(url: string, cookie?: string) {
  const res = await fetch(url, cookie ? { headers: { cookie } } : {});
  await res.text();
  return res.headers.get('link');
}

describe('staticApps', () => {
  it('serves files, and each app shell for its client-side routes', async () => {
    expect(await get('/robots.txt')).toMatchObject({ status: 200, text: 'User-agent: *' });
    expect(await get('/client/bookings/42')).toMatchObject({ status: 200, text: 'web shell' });
    expect(await get('/provider')).toMatchObject({ status: 200, text: 'pwa shell' });
    expect(await get('/provider/jobs/7')).toMatchObject({ status: 200, text: 'pwa shell' });
    expect(await get('/providers')).toMatchObject({ status: 200, text: 'web shell' });
  });

  it('caches hashed assets forever and revalidates everything else', async () => {
    expect((await get('/assets/app-abc123.js')).cache).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).cache).toBe('no-cache');
    expect((await get('/provider/sw.js')).cache).toBe('no-cache');
  });

  it("lets the provider app's service worker control /provider itself", async () => {
    const res = await fetch(`${base}/provider/sw.js`);
    await res.text();
    expect(res.headers.get('service-worker-allowed')).toBe('/provider');
    const page = await fetch(`${base}/provider/index.html`);
    await page.text();
    expect(page.headers.get('service-worker-allowed')).toBeNull();
  });

  it('answers a missing file with 404 instead of the shell, and never touches /api or writes', async () => {
    expect((await get('/assets/gone-999.js')).status).toBe(404);
    expect((await get('/api/anything')).status).toBe(404);
    expect((await get('/', 'POST')).status).toBe(404);
  });

  it("serves prerendered pages from their folder, a folder's own shell beneath it, and the shell for everything else", async () => {
    await mkdir(path.join(dir, 'pre/about'), { recursive: true });
    await mkdir(path.join(dir, 'pre/admin'), { recursive: true });
    await writeFile(path.join(dir, 'pre/index.html'), 'prerendered home');
    await writeFile(path.join(dir, 'pre/about/index.html'), 'prerendered about');
    await writeFile(path.join(dir, 'pre/spa.html'), 'site shell');
    await writeFile(path.join(dir, 'pre/admin/spa.html'), 'admin shell');
    await onOwnServer([{ mount: '/', root: path.join(dir, 'pre') }], async (at) => {
      expect(await (await fetch(`${at}/`)).text()).toBe('prerendered home');
      expect(await (await fetch(`${at}/about`)).text()).toBe('prerendered about');
      expect(await (await fetch(`${at}/client/bookings/1`)).text()).toBe('site shell');
      expect(await (await fetch(`${at}/no-such-page`)).text()).toBe('site shell');
      expect(await (await fetch(`${at}/admin`)).text()).toBe('admin shell');
      expect(await (await fetch(`${at}/admin/bookings/7`)).text()).toBe('admin shell');
      // A folder without a shell of its own (about/) and a name that only starts alike.
      expect(await (await fetch(`${at}/about/team`)).text()).toBe('site shell');
      expect(await (await fetch(`${at}/administrators`)).text()).toBe('site shell');
    });
  });

  it('preloads the signed-in user with the shell only for a browser holding the signed-in hint', async () => {
    const apps = [{ mount: '/', root: path.join(dir, 'web'), signedInPreload: '/api/auth/user' }];
    await onOwnServer(apps, async (at) => {
      expect(await linkAt(`${at}/client`, 'tc.in=1')).toBe(
        '</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
      expect(await linkAt(`${at}/client`)).toBeNull();
      expect(await linkAt(`${at}/client`, 'tc.in=0')).toBeNull();
      // A file is not the shell: nothing to preload with it.
      expect(await linkAt(`${at}/robots.txt`, 'tc.in=1')).toBeNull();
    });
  });

  it("names the shell page's scripts and, signed in, its data; a prerendered page names none", async () => {
    const root = path.join(dir, 'preloads');
    await mkdir(path.join(root, 'about'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), 'prerendered home');
    await writeFile(path.join(root, 'about/index.html'), 'prerendered about');
    await writeFile(path.join(root, 'spa.html'), 'empty shell');
    const manifest = {
      entry: ['/assets/startup.js'],
      routes: [
        { id: '/about', modules: ['/assets/about.js'], data: [] },
        { id: '/client/', modules: ['/assets/client.js'], data: ['/api/bookings'] },
      ],
    };
    await writeFile(path.join(root, 'route-preloads.json'), JSON.stringify(manifest));
    await onOwnServer([{ mount: '/', root, signedInPreload: '/api/auth/user' }], async (at) => {
      expect(await linkAt(`${at}/client`, 'tc.in=1')).toBe(
        [
          '</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials',
          '</assets/startup.js>; rel=modulepreload',
          '</assets/client.js>; rel=modulepreload',
          '</api/bookings>; rel=preload; as=fetch; crossorigin=use-credentials',
        ].join(', '),
      );
      expect(await linkAt(`${at}/client`)).toBe(
        '</assets/startup.js>; rel=modulepreload, </assets/client.js>; rel=modulepreload',
      );
      expect(await linkAt(`${at}/about`, 'tc.in=1')).toBeNull();
      expect(await linkAt(`${at}/`, 'tc.in=1')).toBeNull();
    });
  });

  it('skips an app that has not been built', async () => {
    expect(await get('/unbuilt/page')).toMatchObject({ status: 200, text: 'web shell' });
  });
});
