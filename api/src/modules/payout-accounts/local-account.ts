import type { CurrentUser } from '@twinclean/shared/auth';
import {
  LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
  type localPayoutAccountFormSchema,
  PAYOUT_ACCOUNT_SAVED_MESSAGE,
  type PayoutAccountSaved,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import type * as z from 'zod/mini';
import { audit } from '../../core/audit';
import { AppError } from '../../errors';
import { PayoutAccount, ProviderTaxDetails } from '../../models/payout-account';
import { dataCipher } from '../../security/data-cipher';
import { accountFields } from './account-state';
import { payoutAccountView } from './account-view';
import { connectAccountKey, type PayoutAccountDeps } from './deps';

type LocalForm = z.output<typeof localPayoutAccountFormSchema>;

const TEST_NUMBERS = new Set<string>(Object.values(TEST_BANK_ACCOUNTS));

/**
 * The test bank accounts only, checked before anything is written: a refused form leaves no
 * trace, not even a bare test-mode account. The LocalGateway refuses the same numbers with the
 * same answer (adapters/payments/local-connect.ts), should a form ever reach it unchecked.
 */
function assertTestBank(form: LocalForm): void {
  const routingKnown = form.routingNumber === TEST_ROUTING_NUMBER;
  if (routingKnown && TEST_NUMBERS.has(form.accountNumber)) return;
  const fields = {
    accountNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
    ...(routingKnown ? {} : { routingNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE }),
  };
  throw new AppError(422, 'unknown_test_bank_account', LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE, {
    fields,
  });
}

/** What the audit log keeps of an account: never the TIN, nor the bank's full number. */
const audited = (row: PayoutAccount | undefined, tinKind?: string) =>
  row
    ? {
        gateway: row.gateway,
        accountId: row.accountId,
        payoutsEnabled: row.payoutsEnabled,
        bankLast4: row.bankLast4,
        ...(tinKind ? { tinKind } : {}),
      }
    : null;

/**
 * PUT /api/provider/payout-account with the LocalGateway: the test-mode account (made once per
 * provider) gets the bank account, and the tax details are kept with the TIN sealed.
 */
export async function saveLocalAccount(
  deps: PayoutAccountDeps,
  user: CurrentUser,
  form: LocalForm,
): Promise<PayoutAccountSaved> {
  const gateway = deps.gateway;
  if (gateway.name !== 'local') {
    throw new AppError(
      404,
      'not_found',
      'Stripe collects your payout details: use Connect with Stripe.',
    );
  }
  assertTestBank(form);
  // The gateway first, outside any transaction (as Stripe would be): it answers the account as
  // it now is, which our row then records.
  const created = await gateway.connect.createAccount({
    providerId: user.id,
    email: user.email,
    idempotencyKey: connectAccountKey(user.id),
  });
  const account = await gateway.connect.attachTestBankAccount(created.id, {
    routingNumber: form.routingNumber,
    accountNumber: form.accountNumber,
  });
  const tinSealed = (await dataCipher(deps.db)).seal(form.tin);
  const tax = {
    providerId: user.id,
    legalName: form.legalName,
    addressLine1: form.addressLine1,
    addressLine2: form.addressLine2 || null,
    city: form.city,
    state: form.state,
    zip: form.zip,
    tinKind: form.tinKind,
    tinSealed,
    tinLast4: form.tin.slice(-4),
  };
  const ours = { providerId: user.id, gateway: 'local' as const, accountId: account.id };
  await deps.db.transaction(async (trx) => {
    const before = await PayoutAccount.query(trx).findById(user.id).forUpdate();
    // merge() takes the inserted values (jsonb formatted by the model), updatedAt among them.
    await ProviderTaxDetails.query(trx)
      .insert({ ...tax, updatedAt: new Date() })
      .onConflict('providerId')
      .merge();
    const after = await PayoutAccount.query(trx)
      .insert({ ...ours, ...accountFields(account), updatedAt: new Date() })
      .onConflict('providerId')
      .merge()
      .returning('*');
    await audit(trx, {
      actorId: user.id,
      action: 'payout_account.saved',
      entity: 'payout_account',
      entityId: user.id,
      before: audited(before),
      after: audited(after, form.tinKind),
    });
  });
  return {
    message: PAYOUT_ACCOUNT_SAVED_MESSAGE,
    account: await payoutAccountView(deps, user.id, { refresh: false }),
  };
}
