import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { Stepper } from '../../components/ui/stepper';
import { useAddOns } from '../../lib/catalog';
import { type AddOnChoice, withQuantity } from './wizard-state';

/** The add-ons screen inside step 2: quantities never below 0; free for members. */
export function AddOnsPicker(props: {
  chosen: readonly AddOnChoice[];
  subscriber: boolean;
  onChange: (chosen: AddOnChoice[]) => void;
}) {
  const addOns = useAddOns();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-lg font-semibold">Deep-cleaning add-ons</legend>
      {props.subscriber && (
        <p className="text-sm text-brand-700">Included with your membership at no extra charge.</p>
      )}
      {addOns.isPending && (
        <p role="status" className="text-sm text-slate-500">
          Loading add-ons…
        </p>
      )}
      {addOns.isError && (
        <p role="alert" className="text-sm text-red-700">
          Add-ons could not be loaded. You can still book and add them later.
        </p>
      )}
      {addOns.data?.length === 0 && (
        <p className="text-sm text-slate-600">No add-ons available at this time.</p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {addOns.data?.map((addOn) => (
          <li key={addOn.id} className="rounded-lg border p-3">
            <p className="font-medium">{addOn.name}</p>
            <p className="text-xs text-slate-600">{addOn.description}</p>
            <p className="mt-1 text-sm text-slate-700">
              {props.subscriber ? 'Free for members' : formatDollars(dollarsToCents(addOn.price))} ·
              about {addOn.timeMinutes} min
            </p>
            <div className="mt-2">
              <Stepper
                label={addOn.name}
                value={props.chosen.find((a) => a.id === addOn.id)?.quantity ?? 0}
                max={50}
                onChange={(quantity) =>
                  props.onChange(withQuantity(props.chosen, addOn.id, quantity))
                }
              />
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
