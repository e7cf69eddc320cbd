import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { useEffect } from 'react';
import { PageHero, Price, primaryLink, Section } from '../components/page-blocks';
import { usePageMeta } from '../components/page-meta';
import { LoadFailed, Loading } from '../components/query-states';
import { usePriceTexts } from '../features/marketing/prices';
import { addOnsQueryOptions, pricingQueryOptions, useAddOns } from '../lib/catalog';
import { publicChecklistsQueryOptions } from '../lib/checklists';
import { prefetchQuery } from '../lib/route-data';

export const Route = createFileRoute('/services')({
  loader: ({ context }) => {
    prefetchQuery(context.queryClient, pricingQueryOptions());
    prefetchQuery(context.queryClient, addOnsQueryOptions());
    prefetchQuery(context.queryClient, publicChecklistsQueryOptions());
  },
  component: Services,
});

/**
 * The room-by-room lists owners edit on /admin/checklists (GET /api/checklists). The prerendered
 * page has no API to ask: it carries the loading state until the browser fills the lists in.
 */
function RoomChecklists() {
  const lists = useQuery(publicChecklistsQueryOptions());
  if (lists.data)
    return (
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {/* A room whose list the owners emptied has nothing to promise. */}
        {lists.data.rooms
          .filter((list) => list.tasks.length > 0)
          .map((list) => (
            <article key={list.room} className="rounded-xl border p-5">
              <h3 className="font-semibold">{list.label}</h3>
              <ul className="mt-3 grid gap-1.5 text-sm text-slate-700">
                {list.tasks.map((task, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a task may repeat; its place is its identity
                  <li key={index}>✓ {task}</li>
                ))}
              </ul>
            </article>
          ))}
      </div>
    );
  return lists.isError ? (
    <LoadFailed
      message="The room checklists could not be loaded."
      retrying={lists.isFetching}
      onRetry={() => void lists.refetch()}
    />
  ) : (
    <Loading label="Loading the room checklists..." />
  );
}

function Services() {
  usePageMeta(
    'Cleaning Services in Minneapolis & St Paul | TwinClean',
    'House cleaning with room-by-room checklists, deep-cleaning add-ons, green cleaning, carpet and rug cleaning, and laundry pickup across the Twin Cities.',
  );
  const p = usePriceTexts();
  const addOns = useAddOns();
  const lists = useQuery(publicChecklistsQueryOptions());

  // Scroll smoothly to the section the URL names (#carpet-cleaning from the footer, say),
  // once prices, add-ons and the room lists have rendered so the target no longer moves.
  const ready = p !== undefined && !addOns.isPending && !lists.isPending;
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (ready && id) document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
  }, [ready]);

  return (
    <>
      <PageHero
        title="Cleaning services for every corner of your home"
        lead="Hourly house cleaning with a clear checklist, plus carpets, rugs and laundry, all booked online."
      >
        <a href="/book" className={primaryLink}>
          Book House Cleaning
        </a>
      </PageHero>

      <div className="bg-brand-700 text-white">
        <p className="mx-auto max-w-6xl px-4 py-4 text-center font-medium">
          Members pay <Price value={p?.memberHourly} />
          /hour instead of <Price value={p?.hourly} /> (save <Price value={p?.saving} /> an hour,
          about half the hourly cost), with add-ons included and no deposit.
        </p>
      </div>

      <Section
        id="house-cleaning"
        title="House cleaning, room by room"
        lead="Every cleaning covers these rooms; you choose which ones and how many."
      >
        <RoomChecklists />
      </Section>

      <Section
        id="add-ons"
        title="Deep-cleaning add-ons"
        lead="Add any of these to a house cleaning. Included for members."
        tone="tint"
      >
        {addOns.isPending && <p role="status">Loading add-ons…</p>}
        {addOns.data?.length === 0 && <p>No add-ons available at this time.</p>}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {addOns.data?.map((addOn) => (
            <li key={addOn.id} className="rounded-xl border bg-white p-5">
              <h3 className="font-semibold">{addOn.name}</h3>
              <p className="mt-1 text-sm text-slate-700">{addOn.description}</p>
              <p className="mt-3 text-sm font-medium text-brand-800">
                {formatDollars(dollarsToCents(addOn.price))} · about {addOn.timeMinutes} minutes
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-8 rounded-xl border border-brand-600 bg-white p-5">
          <h3 className="font-semibold">Green cleaning option</h3>
          <p className="mt-1 text-sm text-slate-700">
            Plant-based, fragrance-free products that are gentle on kids, pets and Minnesota's
            lakes, for <Price value={p?.green} /> per visit.
          </p>
        </div>
      </Section>

      <Section title="Specialty services">
        <div className="grid gap-4 md:grid-cols-3">
          {[
            ['#carpet-cleaning', 'Carpet cleaning'],
            ['#rug-cleaning', 'Rug cleaning'],
            ['#laundry-service', 'Laundry service'],
          ].map(([href, label]) => (
            <a
              key={href}
              href={href}
              className="rounded-xl border p-5 font-semibold hover:border-brand-700"
            >
              {label} →
            </a>
          ))}
        </div>
      </Section>

      <Section id="carpet-cleaning" title="Carpet cleaning" tone="tint">
        <p className="max-w-3xl text-slate-700">
          Hot-water extraction that lifts salt, slush and pet stains.{' '}
          <Price value={p?.carpetBedroom} /> per bedroom, <Price value={p?.carpetLivingRoom} /> per
          living room and <Price value={p?.carpetStairs} /> per staircase. Carpets dry in 2 to 4
          hours.
        </p>
        <a href="/book/carpet" className={`mt-6 inline-block ${primaryLink}`}>
          Book Carpet Cleaning
        </a>
      </Section>

      <Section id="rug-cleaning" title="Persian and area rug cleaning">
        <p className="max-w-3xl text-slate-700">
          Hand-washed by specialists, with free pickup and delivery. From{' '}
          <Price value={p?.rugsFrom} />; we confirm the final price once a specialist has seen your
          rug.
        </p>
        <a href="/book/dry-cleaning" className={`mt-6 inline-block ${primaryLink}`}>
          Book Rug Cleaning
        </a>
      </Section>

      <Section id="laundry-service" title="Laundry pickup and delivery" tone="tint">
        <p className="max-w-3xl text-slate-700">
          We pick up, wash, dry, fold and bring it back, typically within 24–48 hours.{' '}
          <Price value={p?.laundryLoad} /> per load, 1 to 20 loads.
        </p>
        <a href="/book/laundry" className={`mt-6 inline-block ${primaryLink}`}>
          Book Laundry Pickup
        </a>
      </Section>
    </>
  );
}
