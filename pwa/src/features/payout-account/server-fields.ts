import { ApiError } from '@twinclean/shared/http';
import {
  LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
  type LocalPayoutAccountForm,
} from '@twinclean/shared/payout-accounts';

type FieldName = keyof LocalPayoutAccountForm;
export type ServerFieldErrors = Partial<Record<FieldName, string>>;

const FIELD_NAMES = new Set<string>([
  'legalName',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'tinKind',
  'tin',
  'routingNumber',
  'accountNumber',
] satisfies FieldName[]);

const isField = (name: unknown): name is FieldName =>
  typeof name === 'string' && FIELD_NAMES.has(name);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ accountNumber: "…" }`, as an answer's `fields` or `details.fields` may carry it. */
function namedFields(value: unknown): ServerFieldErrors {
  if (!isRecord(value)) return {};
  const found: ServerFieldErrors = {};
  for (const [name, message] of Object.entries(value)) {
    if (isField(name) && typeof message === 'string') found[name] = message;
  }
  return found;
}

/**
 * The fields the API's refusal of the form names, with its messages: a schema's `issues` (400
 * validation_error, the first message of each field), a 422's `fields` (at the top or in
 * `details`), and the unknown test bank account, which can only be the account number. None for
 * any other failure (offline, a 500): then the form shows the message alone.
 */
export function serverFieldErrors(error: unknown): ServerFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const { body } = error;
  const found: ServerFieldErrors = {};
  for (const issue of body.issues ?? []) {
    const name = issue.path[0];
    if (isField(name) && !found[name]) found[name] = issue.message;
  }
  Object.assign(found, namedFields(body.fields));
  if (isRecord(body.details)) Object.assign(found, namedFields(body.details.fields));
  if (!found.accountNumber && body.message === LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE) {
    found.accountNumber = LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE;
  }
  return found;
}
