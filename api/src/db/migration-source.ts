import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

const directory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const NAME = /^\d{14}_[a-z0-9-]+\.ts$/;

// Imports the TypeScript migrations directly, so tsx and vitest run them with no build step.
export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return (await readdir(directory)).filter((file) => NAME.test(file)).sort();
  },
  getMigrationName: (file) => file,
  getMigration: (file) => import(pathToFileURL(path.join(directory, file)).href),
};
