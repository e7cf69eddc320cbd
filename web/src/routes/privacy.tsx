import { createFileRoute, Link } from '@tanstack/react-router';
import { CONTACT } from '@twinclean/shared/contact';
import { usePageMeta } from '../components/page-meta';

export const Route = createFileRoute('/privacy')({ component: Privacy });

const sections: [string, string][] = [
  [
    'Information we collect',
    'Your name, e-mail address, phone number, service address and booking details; payment details are handled by our card payment provider and never stored on our servers. Cleaners share their location only when they clock in and out of a job.',
  ],
  [
    'How we use it',
    'To schedule and perform your cleanings, send confirmations and receipts, pay our cleaners, prevent fraud, and improve our service. We send marketing e-mail only if you subscribe, and every message has an unsubscribe link.',
  ],
  [
    'Sharing',
    'Your assigned cleaner sees your name, address and notes for the job. We share data with service providers that run payments, e-mail and hosting for us, under contracts that protect it. We never sell personal information.',
  ],
  [
    'Retention and security',
    'We keep booking records as long as tax and accounting rules require, protect data in transit and at rest, and limit access to staff who need it.',
  ],
  [
    'Your choices',
    'You may view, correct or delete your account information, or ask us what we hold about you, by writing to us. Minnesota residents have the rights the Minnesota Consumer Data Privacy Act gives them.',
  ],
  [
    'Children',
    'Our services are not for anyone under 18, and we do not knowingly collect information from children.',
  ],
];

function Privacy() {
  usePageMeta(
    'Privacy Policy | TwinClean',
    'How TwinClean collects, uses and protects your personal information.',
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-bold tracking-tight">Privacy Policy</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated October 26, 2025</p>
      {sections.map(([title, text]) => (
        <section key={title} className="mt-8">
          <h2 className="text-xl font-semibold">{title}</h2>
          <p className="mt-2 text-slate-700">{text}</p>
        </section>
      ))}
      <p className="mt-8 text-slate-700">
        Questions? Write to{' '}
        <a className="text-brand-700 underline" href={`mailto:${CONTACT.email}`}>
          {CONTACT.email}
        </a>
        .
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Back to Home
      </Link>
    </article>
  );
}
