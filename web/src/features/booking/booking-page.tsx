import { usePageMeta } from '../../components/page-meta';
import { HouseWizard } from './house-wizard';

/** /book, /book/house and /booking: the hourly house-cleaning wizard. */
export function BookingPage() {
  usePageMeta(
    'Book House Cleaning Online | TwinClean Minneapolis & St Paul',
    'Book a vetted house cleaner in Minneapolis or St Paul in four quick steps. See your price before you confirm.',
  );
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Book a house cleaning</h1>
      <p className="mt-2 text-slate-600">Four quick steps. No account needed, no phone call.</p>
      <div className="mt-8">
        <HouseWizard />
      </div>
    </section>
  );
}
