import type { Home } from '@twinclean/shared/homes';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { useState } from 'react';
import { DeleteHomeDialog } from './delete-home-dialog';
import { HomeFormDialog } from './home-form-dialog';

const addressLine = (home: Home) => `${home.address}, ${home.city}, ${home.state} ${home.zipCode}`;

function HomeCard({ home, onDeleted }: { home: Home; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const title = home.label || home.address;
  return (
    <li className="rounded-lg border bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">{addressLine(home)}</p>
        </div>
        {home.activeSeriesCount > 0 && <Badge tone="brand">Recurring cleaning</Badge>}
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-slate-700">Pets</dt>
        <dd className="text-slate-600">{home.hasPets ? home.petDetails || 'Yes' : 'None'}</dd>
        <dt className="font-medium text-slate-700">Parking</dt>
        <dd className="whitespace-pre-line break-words text-slate-600">
          {home.parkingNotes || 'No notes'}
        </dd>
        <dt className="font-medium text-slate-700">Entry notes</dt>
        <dd className="whitespace-pre-line break-words text-slate-600">
          {home.entryNotes || 'No notes'}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${title}`}>
          Edit
        </Button>
        <Button
          variant="secondary"
          onClick={() => setDeleting(true)}
          aria-label={`Delete ${title}`}
        >
          Delete
        </Button>
      </div>
      <HomeFormDialog home={home} open={editing} onOpenChange={setEditing} />
      <DeleteHomeDialog
        home={home}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={onDeleted}
      />
    </li>
  );
}

/** The saved homes, each with its notes as the client wrote them, to edit or delete. */
export function HomeList({ homes, onDeleted }: { homes: Home[]; onDeleted: () => void }) {
  return (
    <ul className="mt-6 grid gap-4">
      {homes.map((home) => (
        <HomeCard key={home.id} home={home} onDeleted={onDeleted} />
      ))}
    </ul>
  );
}
