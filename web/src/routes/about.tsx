import { createFileRoute } from '@tanstack/react-router';
import { PageHero, primaryLink, Section, secondaryLink } from '../components/page-blocks';
import { usePageMeta } from '../components/page-meta';

export const Route = createFileRoute('/about')({ component: About });

function About() {
  usePageMeta(
    'About TwinClean | Twin Cities House Cleaning',
    'Who we are: a Minneapolis–St Paul cleaning company built on fair pay for cleaners and trust for clients.',
  );
  return (
    <>
      <PageHero
        title="About TwinClean"
        lead="A Twin Cities cleaning company built on fair work, trust and neighbors looking out for each other."
      />
      <Section title="Our story">
        <p className="max-w-3xl text-slate-700">
          TwinClean began in a South Minneapolis kitchen, where a few professional cleaners compared
          notes on agencies that took most of their pay and clients who could never reach a real
          person. We built the company we wanted to work for: online booking that takes two minutes,
          clear prices, and cleaners who are paid fairly and weekly.
        </p>
      </Section>
      <Section title="Empowering women" tone="tint">
        <p className="max-w-3xl text-slate-700">
          More than 90% of our cleaners are women, many of them mothers, immigrants and career
          changers. As independent contractors they set their own schedules, keep 100% of their
          tips, and grow their own businesses with our support.
        </p>
      </Section>
      <Section title="Mission and vision">
        <div className="grid gap-6 md:grid-cols-2">
          <p className="rounded-xl border p-6 text-slate-700">
            <strong className="block text-lg text-slate-900">Mission</strong>
            Make a clean home easy to book and fair to provide, for every household in Minneapolis
            and St Paul.
          </p>
          <p className="rounded-xl border p-6 text-slate-700">
            <strong className="block text-lg text-slate-900">Vision</strong>
            The most trusted home-services team in the Twin Cities, where cleaners build careers and
            clients feel at home.
          </p>
        </div>
      </Section>
      <Section title="Giving back" tone="tint">
        <p className="max-w-3xl text-slate-700">
          Each year we donate 10 free cleanings to seniors and neighbors living with disabilities,
          and our goal is 100. Our senior and disability membership keeps regular cleanings
          affordable for those who need them most.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href="/book" className={primaryLink}>
            Book a Cleaning
          </a>
          <a href="/help" className={secondaryLink}>
            Get Help
          </a>
        </div>
      </Section>
    </>
  );
}
