import type { Home } from '@twinclean/shared/homes';
import type { ComponentProps } from 'react';
import { TextAreaField } from '../../components/ui/field';
import { homeAddressLine } from './saved-homes';

export const ENTRY_NOTES_HINT =
  'Lockbox or door code, alarm, where the key is. Only the cleaner assigned to a visit sees this, from 24 hours before it.';

const NEW_HOME = 'new';

/**
 * A signed-in client's saved homes as radio cards, and "A new home" (saved on booking). A
 * native radio group: arrow keys move between the cards.
 */
export function SavedHomeChoice(props: {
  homes: readonly Home[];
  homeId: string | null | undefined;
  onChoose: (home: Home | null) => void;
}) {
  const { homes, homeId } = props;
  const chosen = homeId ?? NEW_HOME;
  const card = (value: string, title: string, detail?: string) => (
    <label key={value} className="relative">
      <input
        type="radio"
        name="saved-home"
        value={value}
        checked={chosen === value}
        onChange={() => props.onChoose(homes.find((h) => h.id === value) ?? null)}
        className="peer sr-only"
      />
      <span className="grid h-full cursor-pointer gap-0.5 rounded-lg border border-slate-300 p-3 text-sm peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:ring-2 peer-checked:ring-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-solid">
        <span className="font-semibold">{title}</span>
        {detail && <span className="text-slate-600">{detail}</span>}
      </span>
    </label>
  );
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-lg font-semibold">Which home?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {homes.map((home) => card(home.id, home.label || 'Home', homeAddressLine(home)))}
        {card(NEW_HOME, 'A new home', 'Saved to your homes when you book')}
      </div>
    </fieldset>
  );
}

type Registered = ComponentProps<'textarea'> & { error?: string };

/** Parking and entry notes: a signed-in client's only (guests book without a saved home). */
export function HomeNotesFields(props: { parking: Registered; entry: Registered }) {
  const { parking, entry } = props;
  return (
    <div className="grid gap-4">
      <TextAreaField
        label="Parking"
        hint="Where the cleaner can park: driveway, street, permit."
        {...parking}
      />
      <TextAreaField label="Entry notes" hint={ENTRY_NOTES_HINT} {...entry} />
    </div>
  );
}
