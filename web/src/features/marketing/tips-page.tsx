import type { ReactNode } from 'react';
import { PageHero, Price, primaryLink, Section, secondaryLink } from '../../components/page-blocks';
import { usePageMeta } from '../../components/page-meta';
import { articles, quickTips } from './articles';
import { usePriceTexts } from './prices';

/** /cleaning-tips and /articles: quick tips, the guides, and (on /articles) the blog. */
export function TipsPage({ title, children }: { title: string; children?: ReactNode }) {
  usePageMeta(
    `${title} | TwinClean`,
    'Practical cleaning tips and guides from Twin Cities professional cleaners.',
  );
  const p = usePriceTexts();
  return (
    <>
      <PageHero
        title={title}
        lead="Practical advice from the cleaners who keep Twin Cities homes spotless every day."
      />
      <Section title="Quick tips">
        <ul className="grid gap-4 md:grid-cols-3">
          {quickTips.map((tip) => (
            <li key={tip.title} className="rounded-xl bg-brand-50 p-5">
              <h3 className="font-semibold">{tip.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{tip.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Cleaning guides" tone="tint">
        <ul className="grid gap-6 md:grid-cols-2">
          {articles.map(
            ({ id, title: articleTitle, category, readTime, icon: Icon, excerpt, tips }) => (
              <li key={id} id={id} className="rounded-xl border bg-white p-6">
                <div className="flex items-center gap-3 text-sm text-slate-600">
                  <Icon className="size-6 text-brand-700" aria-hidden />
                  <span>{category}</span>·<span>{readTime}</span>
                </div>
                <h3 className="mt-3 text-lg font-semibold">{articleTitle}</h3>
                <p className="mt-2 text-sm text-slate-700">{excerpt}</p>
                <ul className="mt-3 grid gap-1 text-sm text-slate-700">
                  {tips.slice(0, 3).map((tip) => (
                    <li key={tip}>✓ {tip}</li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </Section>
      {children}
      <Section title="Rather leave it to the pros?">
        <div className="flex flex-wrap gap-3">
          <a href="/book" className={primaryLink}>
            Book a Cleaning
          </a>
          <a href="/services" className={secondaryLink}>
            View Services
          </a>
        </div>
        <p className="mt-6 text-sm text-slate-600">
          Seniors (65+) and neighbors living with a disability can join our{' '}
          <Price value={p?.seniorPlan} />
          /month membership.
        </p>
      </Section>
    </>
  );
}
