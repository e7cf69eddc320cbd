import * as Accordion from '@radix-ui/react-accordion';
import { createFileRoute } from '@tanstack/react-router';
import { CONTACT } from '@twinclean/shared/contact';
import { ChevronDown, Mail, MessageSquare, Phone } from 'lucide-react';
import { PageHero, Section } from '../components/page-blocks';
import { usePageMeta } from '../components/page-meta';
import { ContactForm } from '../features/contact/contact-form';
import { byCategory, faqItems } from '../features/marketing/faq';
import { usePriceTexts } from '../features/marketing/prices';
import { addOnsQueryOptions, pricingQueryOptions, useAddOns } from '../lib/catalog';
import { prefetchQuery } from '../lib/route-data';

export const Route = createFileRoute('/help')({
  loader: ({ context }) => {
    prefetchQuery(context.queryClient, pricingQueryOptions());
    prefetchQuery(context.queryClient, addOnsQueryOptions());
  },
  component: Help,
});

function Help() {
  usePageMeta(
    'Help & FAQ | TwinClean',
    'Answers about booking, prices, memberships and policies, and how to reach TwinClean by phone, text or e-mail.',
  );
  const p = usePriceTexts();
  const addOns = useAddOns().data ?? [];
  return (
    <>
      <PageHero
        title="How can we help?"
        lead="Call or text us 7am–8pm every day; we answer e-mail within 24 hours."
      >
        <a
          href={CONTACT.phoneHref}
          className="flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          <Phone className="size-5" aria-hidden /> Call {CONTACT.phone}
        </a>
        <a
          href={CONTACT.smsHref}
          className="flex items-center gap-2 rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          <MessageSquare className="size-5" aria-hidden /> Text Us
        </a>
        <a
          href={`mailto:${CONTACT.email}`}
          className="flex items-center gap-2 rounded-md border px-5 py-3 font-semibold hover:bg-slate-50"
        >
          <Mail className="size-5" aria-hidden /> {CONTACT.email}
        </a>
      </PageHero>

      <Section
        title="Frequently asked questions"
        lead="Looking for cleaning advice instead? See our cleaning tips."
      >
        <a href="/cleaning-tips" className="mb-8 inline-block font-medium text-brand-700 underline">
          Browse cleaning tips →
        </a>
        {!p && <p role="status">Loading…</p>}
        {p &&
          byCategory(faqItems(p, addOns)).map(([category, items]) => (
            <div key={category} className="mb-8">
              <h3 className="mb-3 text-xl font-semibold">{category}</h3>
              {/* One open question per category; clicking the open one closes it. */}
              <Accordion.Root type="single" collapsible className="divide-y rounded-xl border">
                {items.map((item) => (
                  <Accordion.Item key={item.question} value={item.question}>
                    <Accordion.Header>
                      <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium">
                        {item.question}
                        <ChevronDown
                          className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                          aria-hidden
                        />
                      </Accordion.Trigger>
                    </Accordion.Header>
                    <Accordion.Content className="px-5 pb-4 text-slate-700">
                      {item.answer}
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </div>
          ))}
      </Section>

      <Section
        id="contact"
        title="Send us a message"
        lead="Ask about a booking, a bill or working with us; we reply by e-mail within 24 hours."
        tone="tint"
      >
        <div className="max-w-3xl">
          <ContactForm />
        </div>
      </Section>

      <Section title="Your privacy">
        <p className="max-w-3xl text-slate-700">
          We use your details only to schedule, perform and bill your cleanings, we never sell them,
          and your cleaner sees only what the job needs. Read the full{' '}
          <a href="/privacy" className="text-brand-700 underline">
            privacy policy
          </a>
          .
        </p>
      </Section>
    </>
  );
}
