import { createFileRoute } from '@tanstack/react-router';
import { Section } from '../components/page-blocks';
import { blogPosts, blogTopics } from '../features/marketing/articles';
import { NewsletterForm } from '../features/marketing/newsletter-form';
import { TipsPage } from '../features/marketing/tips-page';
import { pricingQueryOptions } from '../lib/catalog';
import { prefetchQuery } from '../lib/route-data';

export const Route = createFileRoute('/articles')({
  loader: ({ context }) => {
    prefetchQuery(context.queryClient, pricingQueryOptions());
  },
  component: Articles,
});

function Articles() {
  return (
    <TipsPage title="Cleaning Articles & Tips">
      <Section title="From the blog">
        <fieldset className="mb-8 flex flex-wrap gap-2">
          <legend className="sr-only">Topics</legend>
          {blogTopics.map((topic) => (
            <button
              key={topic}
              type="button"
              className="rounded-full border px-3 py-1 text-sm hover:bg-slate-50"
            >
              {topic}
            </button>
          ))}
        </fieldset>
        <ul className="grid gap-6 md:grid-cols-3">
          {blogPosts.map((post) => (
            <li key={post.title} className="flex flex-col rounded-xl border p-5">
              <p className="text-xs text-slate-600">
                {post.category} · {post.readTime} · {post.date}
              </p>
              <h3 className="mt-2 font-semibold">{post.title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-700">{post.excerpt}</p>
              <button type="button" className="mt-4 self-start text-sm font-medium text-brand-700">
                Read Article
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-xl bg-brand-50 p-6">
          <h3 className="text-lg font-semibold">Weekly cleaning tips in your inbox</h3>
          <p className="mb-4 text-sm text-slate-700">
            One short e-mail a week. Unsubscribe anytime.
          </p>
          <NewsletterForm />
        </div>
        <a
          href="/book"
          className="mt-8 inline-block rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Book a Cleaning
        </a>
      </Section>
    </TipsPage>
  );
}
