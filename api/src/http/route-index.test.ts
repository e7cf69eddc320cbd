import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { apiRouter, apiRoutes } from '../api-routes';
import { type ApiRouter, createRouter } from '../context';
import { createKnex } from '../db/connection';
import { testAppDeps } from '../test/test-server';
import { indexRoutes } from './route-index';

type Layers = { methods: string[]; path: unknown }[];
type Match = { path: Layers; pathAndMethod: Layers; route: boolean };
const names = (result: Match) => ({
  path: result.path.map((layer) => `${layer.methods.join(',')} ${layer.path}`),
  pathAndMethod: result.pathAndMethod.map((layer) => `${layer.methods.join(',')} ${layer.path}`),
  route: result.route,
});
const unindexed = (router: ApiRouter, path: string, method: string) =>
  names(Router.prototype.match.call(router, path, method));

// Every request the indexed router answers as the plain one: same layers, same order.
function expectSameMatches(router: ApiRouter, paths: string[]) {
  for (const path of paths) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'get']) {
      expect(names(router.match(path, method)), `${method} ${path}`).toEqual(
        unindexed(router, path, method),
      );
    }
  }
}

const variantsOf = (pattern: string) => {
  const path = pattern.replace(/:[A-Za-z]+/g, 'abc-123');
  return [path, `${path}/`, path.toUpperCase(), `${path}/more`, `${path}x`, `/x${path}`];
};

describe('indexRoutes', () => {
  it('matches the same layers as @koa/router for every route of the app', () => {
    // Routes are only declared: nothing here connects to the database.
    const knex = createKnex('postgres://postgres@127.0.0.1:1/none');
    const router = apiRouter(apiRoutes(testAppDeps(knex)));
    const patterns = router.stack.map((layer) => String(layer.path));
    expectSameMatches(router, [
      ...patterns.flatMap(variantsOf),
      '/',
      '',
      '/api',
      '/api/',
      '//api/add-ons',
      '/provider/jobs',
      '/api/add%2Dons',
      '/api/bookings/é',
      '/api/ad\u017F-ons',
    ]);
    void knex.destroy();
  });

  it('keeps patterns without a literal prefix in their declared order, and indexes late routes', () => {
    const router = createRouter();
    const ok = () => undefined;
    router.get('/api/:area/list', ok);
    router.get('/api/jobs/:id', ok);
    router.use(ok);
    router.all('/api/jobs/{*rest}', ok);
    router.get('/api', ok);
    router.get('/{*any}', ok);
    router.post('/api/jobs', ok);
    indexRoutes(router);
    const paths = [
      '/api/jobs/list',
      '/api/jobs/7',
      '/api/jobs',
      '/api/JOBS/',
      '/api/other/list',
      '/api',
      '/',
    ];
    expectSameMatches(router, paths);
    router.get('/api/jobs/7', ok);
    router.get('/api/late/:id', ok);
    expectSameMatches(router, [...paths, '/api/late/1']);
    // The router's middleware and catch-alls stay between the routes where they were declared.
    const layers = router.match('/api/jobs/7', 'GET').pathAndMethod.map((layer) => layer.path);
    expect(layers).toEqual([
      '/api/jobs/:id',
      router.stack[2]?.path,
      '/api/jobs/{*rest}',
      '/{*any}',
      '/api/jobs/7',
    ]);
  });
});
