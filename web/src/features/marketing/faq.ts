import type { AddOn } from '@twinclean/shared/add-ons';
import { dollarsToCents, formatShortDollars } from '@twinclean/shared/money';
import type { PriceTexts } from './prices';

export type FaqItem = { question: string; answer: string; category: string };

const addOnPrice = (addOns: AddOn[], id: string, unit = '') => {
  const addOn = addOns.find((a) => a.id === id);
  return addOn ? `${formatShortDollars(dollarsToCents(addOn.price))}${unit}` : '…';
};

/** The FAQ, its prices read from the pricing config and the add-on list (DECISIONS.md). */
export function faqItems(p: PriceTexts, addOns: AddOn[]): FaqItem[] {
  return [
    {
      category: 'Booking',
      question: 'How do I book a cleaning?',
      answer:
        'Book online in four steps: your contact details, your home and any add-ons, a date and time, then review and confirm. No account or phone call is needed.',
    },
    {
      category: 'Booking',
      question: 'How far ahead can I book?',
      answer:
        'Any day from today up to 30 days ahead, with start times from 8:00 AM to 4:00 PM at least two hours from now.',
    },
    {
      category: 'Booking',
      question: 'When is my cleaner assigned?',
      answer:
        'Right after you book, a vetted, background-checked cleaner accepts the job and we notify you automatically, usually within 24 hours.',
    },
    {
      category: 'Pricing & Payment',
      question: 'How much does house cleaning cost?',
      answer: `${p.hourly} an hour pay-as-you-go, or ${p.memberHourly} an hour for members. A 3-hour cleaning is ${p.threeHours}, or ${p.threeHoursMember} for members.`,
    },
    {
      category: 'Pricing & Payment',
      question: 'What do add-ons cost?',
      answer: `Inside oven ${addOnPrice(addOns, 'inside-oven')}, inside fridge ${addOnPrice(addOns, 'inside-refrigerator')}, inside cabinets ${addOnPrice(addOns, 'inside-cabinets')}, bathroom detailing ${addOnPrice(addOns, 'bathroom-detailing')}, window cleaning ${addOnPrice(addOns, 'window-cleaning', ' per window')}. Green cleaning is ${p.green} per visit. Members get add-ons included.`,
    },
    {
      category: 'Pricing & Payment',
      question: 'When do I pay?',
      answer: `Pay-as-you-go clients pay a ${p.deposit} deposit once a cleaner is assigned and the rest before the appointment, or everything at once. Members pay no deposit and are charged 12 hours before each visit.`,
    },
    {
      category: 'Memberships',
      question: 'What memberships do you offer?',
      answer: `Standard is ${p.standardPlan} a month and Senior & Disability (65+ or living with a disability) is ${p.seniorPlan} a month. Both give you ${p.memberHourly}/hour cleanings, included add-ons, priority scheduling and no deposit.`,
    },
    {
      category: 'Memberships',
      question: 'Can I cancel my membership?',
      answer: `Memberships have a ${p.minimumMonths}-month minimum, then you can cancel anytime. Cancelling earlier costs ${p.earlyCancel}.`,
    },
    {
      category: 'Policies',
      question: 'Can I reschedule or cancel?',
      answer:
        'Rescheduling is free up to 12 hours before your appointment and cancelling is free up to 24 hours before. Within 24 hours the deposit covers the late-cancellation fee.',
    },
    {
      category: 'Policies',
      question: 'What if I am not happy with the cleaning?',
      answer: 'Tell us within 24 hours and we will send someone back to make it right.',
    },
    {
      category: 'Policies',
      question: 'Do cleaners keep their tips?',
      answer: 'Yes, 100% of every tip goes to your cleaner.',
    },
    {
      category: 'Services',
      question: 'Do you clean carpets and rugs?',
      answer: `Yes. Carpet cleaning is ${p.carpetBedroom} per bedroom, ${p.carpetLivingRoom} per living room and ${p.carpetStairs} per staircase, and carpets dry in 2 to 4 hours. Persian and area rugs start at ${p.rugsFrom} with free pickup and delivery.`,
    },
    {
      category: 'Services',
      question: 'Do you do laundry?',
      answer: `We pick up, wash, dry, fold and deliver for ${p.laundryLoad} a load, usually within 24–48 hours.`,
    },
  ];
}

export function byCategory(items: FaqItem[]): [string, FaqItem[]][] {
  const groups = new Map<string, FaqItem[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups];
}
