import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-files';

// One way to the database (issue 28; STYLE.md "One way to the database"): entities are read and
// written through their Objection models; SQL — knex by table name, raw fragments — only in files
// named `*.sql.ts` (reports and hot paths), each with its own `*.sql.test.ts` beside it, and such
// a file does not also go through models. db/, models/, the job queue (jobs/, over pg-boss's own
// schema) and the stores that own a table no entity has (sessions, rate limits, signing keys) sit
// outside the rule.

const SRC = import.meta.dirname;
const RULED = ['modules', 'core', 'adapters'];

// Knex reached by table name (`db('bookings')`, `trx('payouts as p')`) or a raw fragment.
const TABLE_ACCESS = /\b(?:knex|db|trx|tx|conn|database)\(\s*['"`][a-z_]+/;
const FROM_TABLE = /(?<!Buffer|Array)\.(?:from|into|table|join|leftJoin)\(\s*['"`][a-z_]+/;
const RAW_SQL = /\.raw\s*[<(]|\braw\(|Raw\(|\bsql`/;
// SQL written out in a string: `SELECT …`, 'UPDATE …'.
const SQL_TEXT = /[`'"]\s*(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\s/;
const MODEL_QUERY = /\b[A-Z][A-Za-z]+\.(?:query|relatedQuery)\(|\$(?:query|relatedQuery)\(/;

type Source = { file: string; text: string };

function breaches(files: Source[], hasTest: (file: string) => boolean) {
  const sqlOutside: string[] = [];
  const untested: string[] = [];
  const mixed: string[] = [];
  for (const { file, text } of files) {
    const name = path.relative(SRC, file).split(path.sep).join('/');
    const sql = [TABLE_ACCESS, FROM_TABLE, RAW_SQL, SQL_TEXT].some((pattern) => pattern.test(text));
    if (!name.endsWith('.sql.ts')) {
      if (sql) sqlOutside.push(name);
      continue;
    }
    if (!hasTest(file)) untested.push(name);
    if (MODEL_QUERY.test(text)) mixed.push(name);
  }
  return { sqlOutside: sqlOutside.sort(), untested: untested.sort(), mixed: mixed.sort() };
}

describe('one way to the database', () => {
  it('finds SQL outside a .sql.ts file, a .sql.ts file with no test, and one that also uses models', () => {
    const at = (file: string) => path.join(SRC, file);
    const tested = new Set([at('modules/a/report.sql.ts'), at('modules/a/mixed.sql.ts')]);
    expect(
      breaches(
        [
          { file: at('modules/a/service.ts'), text: "await trx('bookings').update({ x: 1 });" },
          { file: at('modules/a/list.ts'), text: "Booking.query().whereRaw('x = 1')" },
          { file: at('modules/a/join.ts'), text: "Booking.query().leftJoin('users', 'a', 'b')" },
          { file: at('modules/a/model.ts'), text: 'await Booking.query(trx).patch({ x: 1 });' },
          { file: at('core/audit.ts'), text: 'await knex.raw(`select 1`);' },
          { file: at('modules/a/typed.ts'), text: 'await db.raw<{ rows: Row[] }>(query);' },
          { file: at('modules/a/text.ts'), text: 'const LIST = `\n  SELECT id FROM bookings`;' },
          { file: at('modules/a/note.ts'), text: '// a conditional UPDATE claims it' },
          { file: at('modules/a/report.sql.ts'), text: "db('bookings').count()" },
          { file: at('modules/a/lone.sql.ts'), text: "db('bookings').count()" },
          { file: at('modules/a/mixed.sql.ts'), text: "db('x'); await Payment.query(trx);" },
        ],
        (file) => tested.has(file),
      ),
    ).toEqual({
      sqlOutside: [
        'core/audit.ts',
        'modules/a/join.ts',
        'modules/a/list.ts',
        'modules/a/service.ts',
        'modules/a/text.ts',
        'modules/a/typed.ts',
      ],
      untested: ['modules/a/lone.sql.ts'],
      mixed: ['modules/a/mixed.sql.ts'],
    });
  });

  it('has SQL only in tested .sql.ts files that go through no model', () => {
    const files = RULED.flatMap((room) => sourceFiles(path.join(SRC, room))).map((file) => ({
      file,
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    const hasTest = (file: string) => existsSync(file.replace(/\.sql\.ts$/, '.sql.test.ts'));
    expect(breaches(files, hasTest)).toEqual({
      sqlOutside: [],
      untested: [],
      mixed: [],
    });
  });
});
