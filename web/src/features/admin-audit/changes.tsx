import type { AuditEntry } from '@twinclean/shared/admin-audit';

const show = (value: unknown) =>
  value === undefined || value === null
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** The values an entry recorded, each field once with its value before and after; changes bold. */
export function Changes({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <span className="text-slate-500">No values recorded</span>;
  return (
    <table className="w-full text-xs">
      <thead className="text-slate-500">
        <tr>
          <th scope="col" className="pr-3 text-left font-medium">
            Field
          </th>
          <th scope="col" className="pr-3 text-left font-medium">
            Before
          </th>
          <th scope="col" className="text-left font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const was = show(before?.[field]);
          const now = show(after?.[field]);
          return (
            <tr key={field} className={was === now ? 'text-slate-500' : 'font-semibold'}>
              <th scope="row" className="py-0.5 pr-3 text-left font-mono font-normal">
                {field}
              </th>
              <td className="break-all py-0.5 pr-3">{was}</td>
              <td className="break-all py-0.5">{now}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
