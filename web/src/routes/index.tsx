import { createFileRoute } from '@tanstack/react-router';
import { CalendarCheck, HeartHandshake, Sparkles, UserCheck } from 'lucide-react';
import { PageHero, Price, primaryLink, Section, secondaryLink } from '../components/page-blocks';
import { usePageMeta } from '../components/page-meta';
import { usePriceTexts } from '../features/marketing/prices';
import { pricingQueryOptions } from '../lib/catalog';
import { prefetchQuery } from '../lib/route-data';

export const Route = createFileRoute('/')({
  loader: ({ context }) => {
    prefetchQuery(context.queryClient, pricingQueryOptions());
  },
  component: Home,
});

const steps = [
  {
    Icon: CalendarCheck,
    title: 'Book online',
    text: 'Pick your rooms, add-ons and a time in about two minutes. No phone call needed.',
  },
  {
    Icon: UserCheck,
    title: 'We assign your cleaner',
    text: 'A vetted, background-checked local cleaner accepts your job and you are notified automatically.',
  },
  {
    Icon: Sparkles,
    title: 'Enjoy your clean home',
    text: 'Your cleaner arrives on time with supplies, and you come home to a spotless house.',
  },
];

const included = [
  'Dusting of every reachable surface, shelf and fixture',
  'Vacuuming and mopping of all floors',
  'Kitchen counters, sink, stovetop and appliance fronts',
  'Bathrooms scrubbed: toilet, tub, shower, sink and mirrors',
  'Beds made and linens changed on request',
  'Trash emptied and liners replaced',
];

function Home() {
  usePageMeta(
    'TwinClean | House Cleaning Services in Minneapolis & St Paul',
    'Book vetted, background-checked house cleaners in Minneapolis and St Paul online in minutes. Pay as you go or save with a membership.',
  );
  const p = usePriceTexts();
  const plans = [
    {
      name: 'Pay as you go',
      price: p?.hourly,
      unit: '/hour',
      points: [
        'Book whenever you need us',
        `${p?.deposit ?? '…'} deposit once your cleaner is assigned`,
        'Add deep-cleaning extras à la carte',
      ],
    },
    {
      name: 'Standard membership',
      price: p?.standardPlan,
      unit: '/month',
      featured: true,
      points: [
        `Cleanings at ${p?.memberHourly ?? '…'}/hour (save ${p?.savingPercent ?? '…'}%)`,
        'Add-ons included, no deposit',
        'Priority scheduling',
      ],
    },
    {
      name: 'Senior & disability',
      price: p?.seniorPlan,
      unit: '/month',
      points: [
        `Cleanings at ${p?.memberHourly ?? '…'}/hour`,
        'For neighbors 65+ or living with a disability',
        'No deposit, priority scheduling',
      ],
    },
  ];
  return (
    <>
      <PageHero
        title="House cleaning in the Twin Cities, booked in two minutes"
        lead="Vetted, background-checked cleaners across Minneapolis and St Paul. Book online, we assign your cleaner, and you come home to a clean house."
      >
        <a href="/book" className={primaryLink}>
          Book Now
        </a>
        <a href="/services" className={secondaryLink}>
          See Services
        </a>
      </PageHero>

      <Section title="How it works">
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map(({ Icon, title, text }, i) => (
            <li key={title} className="rounded-xl border p-6">
              <Icon className="size-8 text-brand-700" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">
                {i + 1}. {title}
              </h3>
              <p className="mt-2 text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        title="Simple, honest pricing"
        lead="Every price is shown before you confirm. Members pay less per hour and never pay a deposit."
        tone="tint"
      >
        <div className="grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <article
              key={plan.name}
              className={`rounded-xl border bg-white p-6 ${plan.featured ? 'ring-2 ring-brand-700' : ''}`}
            >
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p className="mt-3">
                <span className="text-4xl font-bold">
                  <Price value={plan.price} />
                </span>
                <span className="text-slate-600">{plan.unit}</span>
              </p>
              <ul className="mt-4 grid gap-2 text-sm text-slate-700">
                {plan.points.map((point) => (
                  <li key={point}>✓ {point}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <p className="mt-6 text-sm text-slate-600">
          A 3-hour cleaning costs <Price value={p?.threeHours} /> pay-as-you-go or{' '}
          <Price value={p?.threeHoursMember} /> for members. Memberships have a{' '}
          <Price value={p?.minimumMonths} />
          -month minimum, then cancel anytime.
        </p>
      </Section>

      <Section title="What's included in every cleaning">
        <ul className="grid gap-3 sm:grid-cols-2">
          {included.map((item) => (
            <li key={item} className="rounded-lg bg-brand-50 px-4 py-3 text-slate-800">
              {item}
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Cleaning that gives back" tone="tint">
        <div className="grid gap-6 md:grid-cols-3">
          <p className="rounded-xl bg-white p-6">
            <strong className="block text-3xl text-brand-700">90%+</strong> of our cleaners are
            women building their own businesses.
          </p>
          <p className="rounded-xl bg-white p-6">
            <strong className="block text-3xl text-brand-700">100%</strong> of tips go to your
            cleaner, always.
          </p>
          <p className="rounded-xl bg-white p-6">
            <strong className="block text-3xl text-brand-700">10 free</strong> cleanings a year for
            seniors and neighbors with disabilities, on the way to 100.
          </p>
        </div>
      </Section>

      <Section title="Specialty services">
        <div className="grid gap-6 md:grid-cols-3">
          <a
            href="/services#carpet-cleaning"
            className="rounded-xl border p-6 hover:border-brand-700"
          >
            <h3 className="font-semibold">Carpet cleaning</h3>
            <p className="mt-2 text-sm text-slate-700">
              From <Price value={p?.carpetRoomFrom} /> a room. Dry in 2 to 4 hours.
            </p>
          </a>
          <a href="/services#rug-cleaning" className="rounded-xl border p-6 hover:border-brand-700">
            <h3 className="font-semibold">Persian & area rugs</h3>
            <p className="mt-2 text-sm text-slate-700">
              Free pickup and delivery, from <Price value={p?.rugsFrom} />.
            </p>
          </a>
          <a
            href="/services#laundry-service"
            className="rounded-xl border p-6 hover:border-brand-700"
          >
            <h3 className="font-semibold">Laundry pickup</h3>
            <p className="mt-2 text-sm text-slate-700">
              Washed, dried and folded for <Price value={p?.laundryLoad} /> a load, back in 24–48
              hours.
            </p>
          </a>
        </div>
      </Section>

      <Section title="Our story" tone="tint">
        <div className="flex gap-4">
          <HeartHandshake className="size-10 shrink-0 text-brand-700" aria-hidden />
          <p className="max-w-3xl text-slate-700">
            TwinClean started with a handful of Minneapolis cleaners who wanted fair pay and a
            schedule of their own, and neighbors who wanted someone trustworthy in their home. We
            pay {p?.providerHourly ?? '…'} an hour with weekly payouts, screen every cleaner, and
            let you book in minutes. It works because it is fair to both sides.
          </p>
        </div>
      </Section>

      <section className="bg-brand-700 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
          <h2 className="text-3xl font-bold">Ready for a cleaner home?</h2>
          <div className="flex flex-wrap gap-3">
            <a
              href="/book"
              className="rounded-md bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Book Now
            </a>
            <a
              href="/careers"
              className="rounded-md border border-white px-6 py-3 font-semibold hover:bg-brand-800"
            >
              Join Our Team
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
