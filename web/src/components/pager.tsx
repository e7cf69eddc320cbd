import { Button } from '@twinclean/shared/ui/button';

const pages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** "Page 2 of 7" with Previous and Next, for a list the server pages. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const last = pages(props.total, props.pageSize);
  if (props.total <= props.pageSize && props.page === 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      <span>
        Page {props.page} of {last} ({props.total} in all)
      </span>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          className="h-9 text-sm"
          disabled={props.page <= 1}
          onClick={() => props.onPage(props.page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          className="h-9 text-sm"
          disabled={props.page >= last}
          onClick={() => props.onPage(props.page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
