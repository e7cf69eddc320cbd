import fc from 'fast-check';
import type { z } from 'zod';

// zod-fast-check speaks zod 3 only; this reads zod 4's schema definitions for the shapes our
// shared schemas use. Refinements are not modelled: their failures are inputs worth sending.

type Schema = z.core.$ZodType;
type Def = {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  coerce?: boolean;
};
type CheckDef = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  prefix?: string;
};

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Text that breaks naive code: NUL, huge, right-to-left, emoji, SQL-ish, whitespace. */
export const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(10_000),
  '\u202Eevil',
  '👩‍👩‍👧‍👦',
  "'; DROP TABLE users; --",
  '%00',
  '\uFFFF\uD800',
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
);

/** Numbers that overflow columns and parsers. */
export const nastyNumber = fc.constantFrom(
  -1,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
);

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = checks.find((c) => c.check === 'string_format');
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 64;
  switch (format?.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'datetime':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'url':
      return fc.webUrl();
    case 'starts_with':
      return fc.string({ maxLength: 40 }).map((s) => `${format.prefix ?? ''}${s}`);
  }
  if (format?.pattern) return fc.stringMatching(format.pattern);
  return fc.string({ minLength: min, maxLength: Math.min(max, min + 64), unit: 'grapheme' });
}

function numberArbitrary(def: Def): fc.Arbitrary<number | string> {
  const checks = checksOf(def);
  const integer = checks.some((c) => c.check === 'number_format');
  const min = checks.find((c) => c.check === 'greater_than')?.value ?? -1e6;
  const max = checks.find((c) => c.check === 'less_than')?.value ?? 1e6;
  const number = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return def.coerce ? fc.oneof(number, number.map(String)) : number;
}

/** Values a schema's input side accepts, or nearly (refinements aside). */
export function arbitraryFor(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: Schema | undefined) => (s ? arbitraryFor(s) : fc.jsonValue());
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'array': {
      const checks = checksOf(def);
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 4;
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.min(max, min + 4) });
    }
    case 'object': {
      const shape = def.shape ?? {};
      const required = Object.keys(shape).filter(
        (k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k] as Schema).type),
      );
      const fields = Object.fromEntries(
        Object.entries(shape).map(([k, v]) => [k, arbitraryFor(v)]),
      );
      return fc.record(fields, { requiredKeys: required });
    }
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return inner(def.innerType);
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null });
    case 'pipe':
      return inner(def.in);
    case 'union':
      return fc.oneof(...(def.options ?? []).map(arbitraryFor));
    default:
      return fc.jsonValue();
  }
}

type Path = (string | number)[];

function paths(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value && typeof value === 'object') {
    return [at, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  }
  return [at];
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  }
  if (value && typeof value === 'object') {
    return {
      ...value,
      [head]: replaceAt((value as Record<string, unknown>)[head], rest, replacement),
    };
  }
  return value;
}

/** Ways to break a field while keeping the rest of the request valid. */
function breakers(leaf: unknown): unknown[] {
  if (typeof leaf === 'string') {
    return [
      `${leaf}\u0000`,
      `${leaf}${'x'.repeat(10_000)}`,
      ...(/^\d{4}-\d\d-\d\d/.test(leaf)
        ? ['9999-12-31T23:59:59.999Z', '0001-01-01T00:00:00Z']
        : []),
    ];
  }
  if (typeof leaf === 'number') return [2 ** 31, Number.MAX_SAFE_INTEGER + 2, 1e308, -1, 0.5];
  return [];
}

const leafAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);

/**
 * Known-good bodies with one field at a time broken in each classic way (a NUL, 10,000 more
 * characters, year 9999 or 1 in a date; 32-bit overflow, beyond safe integers, 1e308, -1, a
 * fraction): run first on every route, so those classes are always tried, not left to luck.
 */
export function edgeBodies(sample: () => unknown): unknown[] {
  const shape = sample();
  if (shape === undefined) return [];
  // A fresh sample for each, so one that succeeds (a new account) cannot spoil the next.
  return paths(shape).flatMap((path) =>
    breakers(leafAt(shape, path)).map((_, i) => {
      const fresh = sample();
      return replaceAt(fresh, path, breakers(leafAt(fresh, path))[i]);
    }),
  );
}

/**
 * Request bodies from good to hostile: valid ones (from the schema or a known-good sample),
 * the same with one field anywhere swapped for something nasty, and arbitrary JSON.
 */
export function hostileBodies(schema: Schema, sample?: unknown): fc.Arbitrary<unknown> {
  const valid =
    sample === undefined
      ? arbitraryFor(schema)
      : fc.oneof(fc.constant(sample), arbitraryFor(schema));
  const nasty = fc.oneof(nastyText, nastyNumber, fc.jsonValue({ maxDepth: 2 }), fc.constant(null));
  const mutated = fc.tuple(valid, fc.nat(), nasty).map(([body, pick, value]) => {
    const all = paths(body);
    return replaceAt(body, all[pick % all.length] ?? [], value);
  });
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}
