import { useQuery } from '@tanstack/react-query';
import type { DiscountCodeView } from '@twinclean/shared/discount-codes';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { EmptyList } from '../../components/admin-list/list-frame';
import { PlainTable } from '../../components/admin-list/plain-table';
import { LoadFailed, Loading } from '../../components/query-states';
import { discountCodesQueryOptions, useChangeCode } from './api';
import { CodeDialog } from './code-dialog';
import { datesText, limitsText, servicesText } from './format';

const HEADINGS = ['Code', 'Takes off', 'Services', 'When', 'Uses', 'Given', 'Status'] as const;

/**
 * /admin/discount-codes (issue 34): every code with its reach and use. The owner creates codes
 * and turns them off or on; staff see the list.
 */
export function CodesPage({ owner }: { owner: boolean }) {
  const codes = useQuery(discountCodesQueryOptions());
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Discount codes</h1>
          <p className="mt-1 text-slate-600">
            Codes clients type at checkout. The server takes them off its own price; a booking keeps
            what its code took off.
          </p>
        </div>
        {owner && <Button onClick={() => setCreating(true)}>New code</Button>}
      </div>
      {codes.data ? (
        codes.data.length === 0 ? (
          <EmptyList>No discount codes yet</EmptyList>
        ) : (
          <PlainTable headings={HEADINGS} actions={owner} className="min-w-[60rem]">
            {codes.data.map((code) => (
              <CodeRow key={code.id} code={code} owner={owner} />
            ))}
          </PlainTable>
        )
      ) : codes.isError ? (
        <LoadFailed
          message={serverMessage(codes.error, 'The discount codes could not be loaded.')}
          retrying={codes.isFetching}
          onRetry={() => void codes.refetch()}
        />
      ) : (
        <Loading label="Loading discount codes..." />
      )}
      {owner && <CodeDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}

function CodeRow({ code, owner }: { code: DiscountCodeView; owner: boolean }) {
  const change = useChangeCode(code.id);
  const toggle = () =>
    change.mutate(
      { active: !code.active },
      {
        onSuccess: (after) =>
          toast({ title: after.active ? `${after.code} is on` : `${after.code} is off` }),
        onError: (error) =>
          toast({
            title: 'The code was not changed',
            description: serverMessage(error, 'Try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <tr>
      <th scope="row" className="px-3 py-2 font-mono font-semibold">
        {code.code}
      </th>
      <td className="px-3 py-2">{code.description}</td>
      <td className="px-3 py-2">{servicesText(code)}</td>
      <td className="px-3 py-2">{datesText(code)}</td>
      <td className="px-3 py-2">{limitsText(code)}</td>
      <td className="px-3 py-2">{formatWireDollars(code.discountGiven)}</td>
      <td className="px-3 py-2">
        <Badge tone={code.active ? 'success' : 'neutral'}>{code.active ? 'On' : 'Off'}</Badge>
      </td>
      {owner && (
        <td className="px-3 py-2">
          <Button
            variant="secondary"
            className="h-9 px-3 text-sm"
            disabled={change.isPending}
            aria-label={`${code.active ? 'Turn off' : 'Turn on'} ${code.code}`}
            onClick={toggle}
          >
            {code.active ? 'Turn off' : 'Turn on'}
          </Button>
        </td>
      )}
    </tr>
  );
}
