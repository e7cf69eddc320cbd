// npm run db:migrate | db:rollback | db:seed — against DATABASE_URL or the embedded server.
import { seedDemoData } from '../api/db/seeds/seed';
import { loadConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/database';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'rollback' && command !== 'seed') {
  console.error('Usage: tsx scripts/db.ts migrate|rollback|seed');
  process.exit(2);
}

const db = await openDatabase(loadConfig());
try {
  if (command === 'migrate') {
    const [, applied] = await db.knex.migrate.latest();
    console.log(applied.length ? `Applied ${applied.length} migrations.` : 'Already up to date.');
  } else if (command === 'rollback') {
    const [, reverted] = await db.knex.migrate.rollback();
    console.log(`Rolled back ${reverted.length} migrations.`);
  } else {
    await db.knex.migrate.latest();
    await seedDemoData(db.knex);
    console.log('Demo data is in place.');
  }
} finally {
  await db.close();
}
