import { useQuery } from '@tanstack/react-query';
import type { GiftCardStatus, GiftCardView } from '@twinclean/shared/gift-cards';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import { ClearFilters, FilterSelect } from '../../components/admin-list/filter-select';
import { EmptyList } from '../../components/admin-list/list-frame';
import { Total, Totals } from '../../components/admin-list/totals';
import { LoadFailed, Loading } from '../../components/query-states';
import { giftCardsQueryOptions } from './api';
import { GIFT_CARD_STATUS, GIFT_CARDS_TITLE, giftCardTotals, STATUS_CHOICES } from './format';
import { GiftCardsTable } from './gift-cards-table';

export type GiftCardsQuery = { status?: GiftCardStatus | undefined };

/**
 * /admin/gift-cards (issue 34): every card sold, its delivery and where it was spent, with the
 * totals; the owner voids or refunds a card nobody has spent. Staff see the list.
 */
export function GiftCardsPage(props: {
  owner: boolean;
  query: GiftCardsQuery;
  onQuery: (next: GiftCardsQuery) => void;
}) {
  const cards = useQuery(giftCardsQueryOptions());
  const { status } = props.query;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <h1
          id={GIFT_CARDS_TITLE}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight outline-none"
        >
          Gift cards
        </h1>
        <p className="mt-1 text-slate-600">
          Cards bought online and e-mailed on their day, spent at checkout before the card is
          charged. The page shows only the last four characters of a code.
        </p>
      </div>
      {cards.data ? (
        <>
          <GiftCardTotals cards={cards.data} />
          <search aria-label="Filter the gift cards" className="flex flex-wrap items-end gap-4">
            <FilterSelect<GiftCardStatus>
              label="Status"
              all="All statuses"
              options={STATUS_CHOICES}
              value={status}
              onChange={(next) => props.onQuery({ status: next })}
            />
            <ClearFilters shown={Boolean(status)} onClear={() => props.onQuery({})} />
          </search>
          <Cards cards={cards.data} status={status} owner={props.owner} />
        </>
      ) : cards.isError ? (
        <LoadFailed
          message={serverMessage(cards.error, 'The gift cards could not be loaded.')}
          retrying={cards.isFetching}
          onRetry={() => void cards.refetch()}
        />
      ) : (
        <Loading label="Loading gift cards..." />
      )}
    </div>
  );
}

function Cards(props: {
  cards: GiftCardView[];
  status: GiftCardStatus | undefined;
  owner: boolean;
}) {
  const shown = props.status ? props.cards.filter((c) => c.status === props.status) : props.cards;
  if (shown.length > 0) return <GiftCardsTable cards={shown} owner={props.owner} />;
  return (
    <EmptyList>
      {props.status
        ? `No gift cards with the status “${GIFT_CARD_STATUS[props.status].label}”`
        : 'No gift cards sold yet'}
    </EmptyList>
  );
}

function GiftCardTotals({ cards }: { cards: GiftCardView[] }) {
  const totals = giftCardTotals(cards);
  const plural = (n: number) => `${n} card${n === 1 ? '' : 's'}`;
  return (
    <Totals label="Gift card totals">
      <Total
        label="Sold"
        value={formatWireDollars(totals.sold)}
        note={`${plural(totals.soldCount)}, refunded ones left out`}
      />
      <Total
        label="Outstanding balance"
        value={formatWireDollars(totals.outstanding)}
        note={`Left to spend on ${plural(totals.outstandingCount)}`}
      />
    </Totals>
  );
}
