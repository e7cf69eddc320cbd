import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../components/page-meta';

export const Route = createFileRoute('/')({ component: Home });

function Home() {
  usePageMeta(
    'TwinClean | House Cleaning Services in Minneapolis & St Paul',
    'Book vetted, background-checked house cleaners in Minneapolis and St Paul online in minutes. $45/hour, or $25/hour for members.',
  );
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-20 md:py-28">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-5xl">
          House cleaning in the Twin Cities, booked in two minutes
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-700">
          Vetted, background-checked cleaners across Minneapolis and St Paul. Book online, we assign
          your cleaner, and you come home to a clean house.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a
            href="/book"
            className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Book Now
          </a>
          <a
            href="/services"
            className="rounded-md border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            See Services
          </a>
        </div>
      </div>
    </section>
  );
}
