import { createFileRoute } from '@tanstack/react-router';
import { PageHero, Price, Section } from '../components/page-blocks';
import { usePageMeta } from '../components/page-meta';
import { ApplicationForm } from '../features/careers/application-form';
import { usePriceTexts } from '../features/marketing/prices';
import { pricingQueryOptions } from '../lib/catalog';
import { prefetchQuery } from '../lib/route-data';

export const Route = createFileRoute('/careers')({
  loader: ({ context }) => {
    prefetchQuery(context.queryClient, pricingQueryOptions());
  },
  component: Careers,
});

const process = [
  'Submit the form below',
  'We review it in 2-3 business days',
  'A short virtual interview',
  'Background check and paperwork',
  'Start working',
];

function Careers() {
  const p = usePriceTexts();
  // The rate comes from the pricing config once it has loaded; the prerendered page's head is
  // written at build time, so it names no figure that a price edit could make wrong.
  usePageMeta(
    'Cleaning Jobs in Minneapolis & St Paul | Join TwinClean',
    `Earn ${p ? `${p.providerHourly}/hour` : 'an hourly wage'} with weekly payouts, keep 100% of your tips and set your own schedule. Apply to clean with TwinClean.`,
  );
  return (
    <>
      <PageHero
        title="Join our team"
        lead="Independent cleaners earn a fair wage, keep every tip and choose their own hours."
      >
        <a
          href="#application-form"
          className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Apply Now
        </a>
      </PageHero>
      <Section title="Why clean with TwinClean">
        <ul className="grid gap-4 md:grid-cols-3">
          <li className="rounded-xl border p-5">
            <strong className="block text-2xl text-brand-700">
              <Price value={p?.providerHourly} />
              /hour
            </strong>
            paid weekly, plus wait pay when a client keeps you waiting.
          </li>
          <li className="rounded-xl border p-5">
            <strong className="block text-2xl text-brand-700">100% of tips</strong>go straight to
            you.
          </li>
          <li className="rounded-xl border p-5">
            <strong className="block text-2xl text-brand-700">Your schedule</strong>set your hours
            and pick jobs near you from the app.
          </li>
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Cleaners work as independent contractors (1099).
        </p>
      </Section>
      <Section title="How to apply" tone="tint">
        <ol className="grid gap-3 md:grid-cols-5">
          {process.map((step, i) => (
            <li key={step} className="rounded-lg bg-white p-4 text-sm">
              <span className="font-semibold text-brand-700">{i + 1}.</span> {step}
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Apply">
        <ApplicationForm />
      </Section>
    </>
  );
}
