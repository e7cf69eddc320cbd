import { useQuery } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import { Select } from '@twinclean/shared/ui/select';
import { CsvLink } from '../../components/admin-list/csv-link';
import { EmptyList } from '../../components/admin-list/list-frame';
import { LoadFailed, Loading } from '../../components/query-states';
import { yearEndQueryOptions } from './api';
import { yearChoices, yearEndCsvHref } from './year';
import { YearEndTable } from './year-end-table';

/**
 * /admin/year-end (owners): each provider's pay in a calendar year, by weekly transfer and by
 * hand, with those at or over the 1099-NEC threshold marked (DECISIONS.md "Payouts").
 */
export function YearEndPage({ year, onYear }: { year: number; onYear: (year: number) => void }) {
  const report = useQuery(yearEndQueryOptions(year));
  const years = yearChoices(new Date()).map((y) => ({ value: String(y), label: String(y) }));
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Year end</h1>
        <p className="mt-1 text-slate-600">
          What each provider was paid in a calendar year, by weekly transfer and by hand, for the
          1099-NEC forms.
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Select
          label="Year"
          options={years}
          value={String(year)}
          onChange={(e) => onYear(Number(e.target.value))}
        />
        <CsvLink href={yearEndCsvHref(year)} label={`Download ${year} CSV`} />
      </div>
      {report.data ? (
        <section
          aria-labelledby="year-end-result"
          aria-busy={report.isFetching}
          className="grid gap-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="year-end-result" className="text-lg font-semibold">
              Paid in {report.data.year}
            </h2>
            <p className="text-slate-700">
              1099-NEC threshold: {formatWireDollars(report.data.threshold)}
            </p>
          </div>
          {report.data.providers.length === 0 ? (
            <EmptyList>Nobody was paid in {report.data.year}</EmptyList>
          ) : (
            <YearEndTable report={report.data} />
          )}
        </section>
      ) : report.isError ? (
        <LoadFailed
          message={serverMessage(report.error, 'The year-end totals could not be loaded.')}
          retrying={report.isFetching}
          onRetry={() => void report.refetch()}
        />
      ) : (
        <Loading label={`Adding up ${year}...`} />
      )}
    </div>
  );
}
