import type { Knex } from 'knex';
import { dataCipher } from '../security/data-cipher';

// Payout accounts as the access-matrix and fuzz tests need them (issue 33): providerA's tax
// details on file, sealed as the test-mode form keeps them, so a provider's read of their own
// account can be checked against everyone else's answers.

/** providerA's tax details, with the world's secret in the name and street; the TIN sealed. */
export async function payoutAccountsWorld(
  db: Knex,
  secret: string,
  people: { providerA: { id: string } },
) {
  const legalName = `Pat ${secret} Cleaner`;
  const street = `y${secret} Nicollet Ave`;
  const tax = {
    providerId: people.providerA.id,
    legalName,
    addressLine1: street,
    addressLine2: null,
    city: 'Minneapolis',
    state: 'MN',
    zip: '55401',
    tinKind: 'ssn',
    tinSealed: (await dataCipher(db)).seal('123456789'),
    tinLast4: '6789',
    updatedAt: new Date(),
  };
  await db('providerTaxDetails').insert(tax).onConflict('providerId').merge();
  return { payoutAccountSecrets: [legalName, street] };
}
