import type { PayoutAccountView } from '@twinclean/shared/payout-accounts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccountSummary } from './account-summary';

const view = (over: Partial<PayoutAccountView>): PayoutAccountView => ({
  gateway: 'stripe',
  state: 'incomplete',
  missing: [],
  disabledReason: null,
  bankLast4: null,
  taxDetails: null,
  ...over,
});

const textOf = (account: PayoutAccountView) =>
  renderToStaticMarkup(createElement(AccountSummary, { account }))
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter(Boolean);

describe('the payout account summary', () => {
  it('lists what the gateway still needs under the state', () => {
    const text = textOf(
      view({ missing: ['Your bank account', 'Your date of birth'], state: 'incomplete' }),
    );
    expect(text).toEqual([
      'Status: ',
      'Needs details',
      'Still needed:',
      'Your bank account',
      'Your date of birth',
    ]);
  });

  it('shows no list when nothing is missing', () => {
    const text = textOf(view({ state: 'enabled', bankLast4: '6789' }));
    expect(text).toEqual(['Status: ', 'Connected · bank ••6789']);
  });

  it('says what connecting brings when there is no account yet', () => {
    expect(textOf(view({ state: 'none' }))).toEqual([
      'Status: ',
      'Not connected',
      'Connect a bank account and your pay arrives every week without asking.',
    ]);
  });
});
