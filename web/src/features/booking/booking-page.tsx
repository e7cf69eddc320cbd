import { usePageMeta } from '../../components/page-meta';
import { HouseWizard } from './house-wizard';

const OTHER_SERVICES = [
  ['/book/carpet', 'Book Carpet Cleaning'],
  ['/book/dry-cleaning', 'Book Rug Cleaning'],
  ['/book/laundry', 'Book Laundry Pickup'],
] as const;

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
      {/* The other services have forms of their own (DECISIONS.md "The booking wizard"). */}
      <nav aria-label="Other services" className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <span className="text-slate-600">Something else?</span>
        {OTHER_SERVICES.map(([href, label]) => (
          <a
            key={href}
            href={href}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {label}
          </a>
        ))}
      </nav>
      <div className="mt-8">
        <HouseWizard />
      </div>
    </section>
  );
}
