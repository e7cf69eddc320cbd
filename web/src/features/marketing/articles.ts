import {
  Baby,
  BookOpen,
  ChefHat,
  Clock,
  Flower2,
  Leaf,
  type LucideIcon,
  PawPrint,
  Shirt,
} from 'lucide-react';

export type Article = {
  id: string;
  title: string;
  category: string;
  readTime: string;
  icon: LucideIcon;
  excerpt: string;
  tips: string[];
};

/** The eight cleaning guides (spec 1 §3). */
export const articles: Article[] = [
  {
    id: 'spring-cleaning-checklist',
    title: 'The Minnesota Spring Cleaning Checklist',
    category: 'Seasonal',
    readTime: '8 min read',
    icon: Flower2,
    excerpt:
      'Winter leaves salt, grit and stale air behind. Here is how to reset your home room by room when the snow finally melts.',
    tips: [
      'Start at the top of each room and work down',
      'Wash salt residue off entry floors with warm water and a little vinegar',
      'Swap furnace filters and vacuum vents',
      'Flip and rotate mattresses',
    ],
  },
  {
    id: 'eco-friendly-cleaning',
    title: 'Eco-Friendly Cleaning That Actually Works',
    category: 'Green Cleaning',
    readTime: '6 min read',
    icon: Leaf,
    excerpt:
      'You do not need harsh chemicals for a sparkling home. These simple, planet-friendly swaps clean just as well.',
    tips: [
      'Mix equal parts water and white vinegar for glass and counters',
      'Baking soda paste lifts stovetop grime',
      'Use microfiber cloths instead of paper towels',
      'Never mix vinegar with bleach or hydrogen peroxide',
    ],
  },
  {
    id: 'quick-daily-routines',
    title: '10-Minute Daily Routines for a Tidy Home',
    category: 'Maintenance',
    readTime: '5 min read',
    icon: Clock,
    excerpt:
      'Ten focused minutes each evening keeps clutter from piling up between professional cleanings.',
    tips: [
      'Reset one surface every night',
      'Wipe the bathroom sink after your evening routine',
      'Run the dishwasher before bed',
      'Put shoes and coats away at the door',
    ],
  },
  {
    id: 'deep-clean-kitchen',
    title: 'How to Deep Clean Your Kitchen',
    category: 'House Cleaning',
    readTime: '10 min read',
    icon: ChefHat,
    excerpt:
      'From the oven to the fridge shelves, a step-by-step plan for the hardest-working room in your house.',
    tips: [
      'Empty and wipe the fridge one shelf at a time',
      'Soak oven racks overnight in hot soapy water',
      'Degrease cabinet fronts with dish soap and warm water',
      'Finish with the floor, working toward the door',
    ],
  },
  {
    id: 'laundry-hacks',
    title: 'Laundry Hacks for Fresher Clothes',
    category: 'Laundry Tips',
    readTime: '7 min read',
    icon: Shirt,
    excerpt:
      'Brighter whites, fewer wrinkles and no more musty towels: small habits that make a big difference.',
    tips: [
      'Wash towels separately and skip fabric softener',
      'Turn dark clothes inside out',
      'Remove clothes promptly to prevent wrinkles',
      'Clean the washer gasket monthly',
    ],
  },
  {
    id: 'pet-friendly-cleaning',
    title: 'Pet-Friendly Cleaning Guide',
    category: 'House Cleaning',
    readTime: '6 min read',
    icon: PawPrint,
    excerpt:
      'Keep fur, dander and muddy paw prints under control with cleaners that are safe for your pets.',
    tips: [
      'Use a rubber glove to lift fur from upholstery',
      'Treat accidents with an enzyme cleaner',
      'Wash pet bedding weekly',
      'Keep a paw towel by the door',
    ],
  },
  {
    id: 'baby-safe-cleaning',
    title: 'Baby-Safe Cleaning Basics',
    category: 'Green Cleaning',
    readTime: '5 min read',
    icon: Baby,
    excerpt:
      'Little ones touch everything. Here is how to keep surfaces clean without exposing them to harsh residues.',
    tips: [
      'Choose fragrance-free, plant-based cleaners',
      'Rinse high-chair trays with warm water after cleaning',
      'Wash toys in a mesh bag on the gentle cycle',
      'Store all cleaners up high and locked',
    ],
  },
  {
    id: 'organize-while-cleaning',
    title: 'Organize While You Clean',
    category: 'Organization',
    readTime: '9 min read',
    icon: BookOpen,
    excerpt: 'Combine decluttering with cleaning so every room stays neater for longer.',
    tips: [
      'Carry a donate basket as you clean',
      'Give every item a home near where it is used',
      'Use drawer dividers in the kitchen and bath',
      'Label bins in closets and the basement',
    ],
  },
];

export const quickTips = [
  {
    title: 'Clean top to bottom',
    text: 'Dust ceiling fans and shelves first so debris falls to floors you have not cleaned yet.',
  },
  {
    title: 'Equal parts water and white vinegar',
    text: 'A cheap, streak-free cleaner for glass, mirrors and most counters (not stone).',
  },
  {
    title: '10 minutes of nightly tidying',
    text: 'A short reset every evening keeps clutter from taking over between deep cleans.',
  },
];

export const blogPosts = [
  {
    title: 'Beating Road Salt Stains on Winter Floors',
    excerpt: 'Protect hardwood and tile from the white film Minnesota winters leave behind.',
    date: 'January 14, 2026',
    category: 'Minnesota Living',
    readTime: '5 min read',
  },
  {
    title: 'Carpet Care Between Professional Cleanings',
    excerpt: 'Vacuuming patterns and spot-cleaning tricks that keep carpets fresh longer.',
    date: 'December 3, 2025',
    category: 'Carpet Care',
    readTime: '6 min read',
  },
  {
    title: 'Stain Removal Cheat Sheet',
    excerpt: 'Coffee, wine, grease and grass: what to reach for first, and what never to use.',
    date: 'November 18, 2025',
    category: 'Stain Removal',
    readTime: '7 min read',
  },
  {
    title: 'Fall Cleaning Before the First Snow',
    excerpt: 'Windows, gutters and entryways to handle while the weather is still kind.',
    date: 'October 21, 2025',
    category: 'Seasonal Cleaning',
    readTime: '6 min read',
  },
  {
    title: 'A Greener Cleaning Caddy',
    excerpt: 'The five plant-based products our cleaners reach for most.',
    date: 'September 30, 2025',
    category: 'Green Cleaning',
    readTime: '4 min read',
  },
  {
    title: 'Closet Resets in an Afternoon',
    excerpt: 'A simple system for sorting, donating and storing seasonal clothes.',
    date: 'September 9, 2025',
    category: 'Organization',
    readTime: '8 min read',
  },
];

export const blogTopics = [
  'House Cleaning',
  'Carpet Care',
  'Laundry Tips',
  'Seasonal Cleaning',
  'Green Cleaning',
  'Maintenance',
  'Organization',
  'Stain Removal',
  'Minnesota Living',
];
