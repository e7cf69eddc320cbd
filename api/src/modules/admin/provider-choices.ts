import type { ProviderChoices } from '@twinclean/shared/admin';
import type { Knex } from 'knex';
import { User } from '../../models/user';

/** Every provider account by name: the assign menu and the provider filters read this. */
export async function providerChoices(db: Knex): Promise<ProviderChoices> {
  const rows = await User.query(db)
    .where({ role: 'provider' })
    .select('id', 'firstName', 'lastName', 'email')
    .orderBy(['firstName', 'lastName', 'id']);
  return {
    providers: rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
    })),
  };
}
