import { formatDollars } from '@twinclean/shared/money';
import { formatPhone } from '@twinclean/shared/phone';
import type { HouseEstimate } from '@twinclean/shared/pricing';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { Facts } from '../../components/detail-card';
import { useAddOns } from '../../lib/catalog';
import { repetitionText, SERIES_CHARGE_NOTE } from './repetition';
import { counted } from './special-summary';
import type { WizardValues } from './wizard-state';

const HOME_SIZES: Record<WizardValues['homeSize'], string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
};

function home(values: WizardValues): string {
  const size = `${HOME_SIZES[values.homeSize]} home, ${counted(values.numberOfFloors, 'floor')}`;
  const squareFeet = Number(values.squareFeet);
  return squareFeet > 0 ? `${size}, ${squareFeet.toLocaleString('en-US')} sq ft` : size;
}

function rooms(values: WizardValues): string {
  return [
    values.bedroomCount > 0 && counted(values.bedroomCount, 'bedroom'),
    values.fullBathroomCount > 0 && counted(values.fullBathroomCount, 'full bathroom'),
    values.halfBathroomCount > 0 && counted(values.halfBathroomCount, 'half bathroom'),
    values.hasKitchen && 'kitchen',
    values.hasLivingRoom && 'living room',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Step 4: everything the booking will hold, written as the rest of the site writes it, so what
 * is confirmed here is what the portal and the e-mails show afterwards.
 */
export function ReviewStep(props: { values: WizardValues; estimate: HouseEstimate | undefined }) {
  const { values, estimate } = props;
  const catalog = useAddOns().data ?? [];
  // In the order the add-ons screen lists them.
  const addOns = catalog.flatMap((addOn) => {
    const quantity = values.addOns?.find((a) => a.id === addOn.id)?.quantity ?? 0;
    return quantity > 0 ? [`${addOn.name} × ${quantity}`] : [];
  });
  const green = estimate ? `Yes, +${formatDollars(estimate.greenCleaningFeeCents)}` : 'Yes';
  const repeats = repetitionText(values.frequency, values.scheduledDate, values.scheduledTime);
  return (
    <section aria-label="Booking details" className="rounded-xl border p-5">
      <Facts
        rows={[
          [
            'Contact',
            `${values.clientFirstName} ${values.clientLastName} · ${values.clientEmail} · ${formatPhone(values.clientPhone)}`,
          ],
          ['Address', `${values.address}, ${values.city}, ${values.state} ${values.zipCode}`],
          ['Home', home(values)],
          ['Rooms', rooms(values)],
          [
            'Add-ons',
            addOns.length > 0 ? (
              <ul key="add-ons" className="grid gap-0.5">
                {addOns.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              'None'
            ),
          ],
          ['Green cleaning', values.greenCleaning ? green : 'No'],
          ['When', `${formatDate(values.scheduledDate)} at ${formatSlot(values.scheduledTime)}`],
          // The home's notes and the series' terms, only where the client gave them.
          values.parkingNotes ? ['Parking', values.parkingNotes] : null,
          values.entryNotes ? ['Entry notes', values.entryNotes] : null,
          repeats ? ['How often', repeats] : null,
          repeats
            ? [
                'Each visit',
                estimate
                  ? `${formatDollars(estimate.totalAmountCents)}. ${SERIES_CHARGE_NOTE}`
                  : SERIES_CHARGE_NOTE,
              ]
            : null,
        ]}
      />
    </section>
  );
}
