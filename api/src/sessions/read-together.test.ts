import { describe, expect, it } from 'vitest';
import { readTogether } from './read-together';

/** A readMany that records each query's keys and answers `v:<key>` for keys not starting with x. */
function recorder() {
  const queries: string[][] = [];
  const readMany = async (keys: string[]) => {
    queries.push(keys);
    return new Map(keys.filter((key) => !key.startsWith('x')).map((key) => [key, `v:${key}`]));
  };
  return { queries, readMany };
}

describe('readTogether', () => {
  it('asks once for every key asked in the same turn, each key once, and answers each caller', async () => {
    const { queries, readMany } = recorder();
    const read = readTogether(readMany);
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('x1')]);
    expect(answers).toEqual(['v:a', 'v:b', 'v:a', undefined]);
    expect(queries).toEqual([['a', 'b', 'x1']]);
  });

  it('asks again for keys asked after the query went out', async () => {
    const { queries, readMany } = recorder();
    const read = readTogether(readMany);
    const first = read('a');
    await new Promise((resolve) => setImmediate(resolve));
    const second = read('a');
    expect(await Promise.all([first, second])).toEqual(['v:a', 'v:a']);
    expect(queries).toEqual([['a'], ['a']]);
  });

  it('asks for at most 100 keys in one query', async () => {
    const { queries, readMany } = recorder();
    const read = readTogether(readMany);
    const keys = Array.from({ length: 250 }, (_, i) => `k${i}`);
    const answers = await Promise.all(keys.map(read));
    expect(answers).toEqual(keys.map((key) => `v:${key}`));
    expect(queries.map((q) => q.length)).toEqual([100, 100, 50]);
  });

  it('fails every caller of a failed query, thrown or rejected, and reads again afterwards', async () => {
    let fail: 'throw' | 'reject' | null = 'throw';
    const read = readTogether<string>((keys) => {
      if (fail === 'throw') throw new Error('connection lost');
      if (fail === 'reject') return Promise.reject(new Error('timeout'));
      return Promise.resolve(new Map(keys.map((key) => [key, key])));
    });
    await expect(Promise.all([read('a'), read('b')])).rejects.toThrow('connection lost');
    fail = 'reject';
    const both = [read('a'), read('b')];
    await expect(both[0]).rejects.toThrow('timeout');
    await expect(both[1]).rejects.toThrow('timeout');
    fail = null;
    expect(await read('a')).toBe('a');
  });
});
