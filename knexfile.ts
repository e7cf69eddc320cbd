// knex configuration for the API's migrations and seeds. The app and `npm run db:*` use the
// same config; without DATABASE_URL they start the embedded PostgreSQL first (scripts/db.ts).

import { loadConfig } from './api/src/config';
import { knexConfig } from './api/src/db/connection';

const config = loadConfig();
const embeddedUrl = `postgres://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/twinclean`;

export default knexConfig(config.DATABASE_URL ?? embeddedUrl);
