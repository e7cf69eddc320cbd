import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '@twinclean/shared/ui/button';
import { ArrowLeft, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { homesQueryOptions } from './api';
import { HomeFormDialog } from './home-form-dialog';
import { HomeList } from './home-list';

const ADD_BUTTON_ID = 'add-home-button';

/**
 * /client/homes (DECISIONS.md "Recurring visits, homes and entry notes"): the client's saved
 * homes, offered when they book, with the parking and entry notes the day's cleaner reads.
 */
export function HomesPage() {
  usePageMeta('Homes | TwinClean', 'Your saved homes: add, edit or delete a home and its notes.');
  const homes = useQuery(homesQueryOptions());
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The deleted home's buttons are gone with it: focus goes back to the top of the page, after
  // the dialog's own focus return, which aims at them.
  const deleted = () => setTimeout(() => heading.current?.focus(), 0);

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/client"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-3xl font-bold tracking-tight outline-none"
          >
            Homes
          </h1>
          <p className="mt-1 text-slate-600">
            Your saved addresses, with parking and entry notes for your cleaner.
          </p>
        </div>
        <Button
          id={ADD_BUTTON_ID}
          onClick={() => setAdding(true)}
          className="inline-flex items-center gap-2"
        >
          <Plus className="size-4" aria-hidden />
          Add home
        </Button>
      </div>
      <HomeFormDialog home={null} open={adding} onOpenChange={setAdding} />
      {homes.isPending ? (
        <Loading label="Loading your homes…" />
      ) : homes.isError ? (
        <LoadFailed
          message="We couldn't load your saved homes."
          retrying={homes.isFetching}
          onRetry={() => void homes.refetch()}
        />
      ) : homes.data.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed p-6 text-center text-slate-600">
          No saved homes yet.
        </p>
      ) : (
        <HomeList homes={homes.data} onDeleted={deleted} />
      )}
    </section>
  );
}
