import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import type { ServedZipsView } from '@twinclean/shared/service-area';
import { LoadFailed, Loading } from '../../components/query-states';
import { servedZipsQueryOptions } from './api';
import { ZipEditor } from './zip-editor';
import { ZipList } from './zip-list';

/**
 * /admin/service-area (issue 34): the ZIP codes a booking's home must be in. The owner edits the
 * list; staff read it.
 */
export function ServiceAreaPage({ isOwner }: { isOwner: boolean }) {
  const area = useQuery(servedZipsQueryOptions());
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Service Area</h1>
        <p className="mt-1 max-w-3xl text-slate-600">
          The ZIP codes we serve. Every booking form refuses a home outside them and offers the
          visitor the waitlist instead.
        </p>
      </div>
      {area.data ? (
        <>
          <Summary view={area.data} />
          {isOwner ? (
            <ZipEditor view={area.data} />
          ) : (
            <section aria-labelledby="served-zips" className="grid gap-3">
              <h2 id="served-zips" className="text-lg font-semibold">
                Served ZIP codes
              </h2>
              <p className="text-sm text-slate-600">Only an owner can change the service area.</p>
              <ZipList zips={area.data.zips} />
            </section>
          )}
        </>
      ) : area.isError ? (
        <LoadFailed
          message={serverMessage(area.error, 'The service area could not be loaded.')}
          retrying={area.isFetching}
          onRetry={() => void area.refetch()}
        />
      ) : (
        <Loading label="Loading the service area..." />
      )}
    </div>
  );
}

function Summary({ view }: { view: ServedZipsView }) {
  const waiting = view.waitingInServed;
  return (
    <p className="rounded-lg border bg-white p-4 text-slate-700">
      <span className="font-semibold text-slate-900">{view.zips.length} ZIP codes</span> served.{' '}
      {waiting > 0 ? (
        <>
          {waiting} {waiting === 1 ? 'person waits' : 'people wait'} in served ZIPs:{' '}
          <Link to="/admin/waitlist" className="font-medium text-brand-700 underline">
            e-mail them from the waitlist
          </Link>
          .
        </>
      ) : (
        <>
          Nobody on the{' '}
          <Link to="/admin/waitlist" className="font-medium text-brand-700 underline">
            waitlist
          </Link>{' '}
          waits in a served ZIP.
        </>
      )}
    </p>
  );
}
