import * as z from 'zod/mini';

export const serviceTypeSchema = z.enum(['house', 'carpet', 'laundry', 'dry_cleaning']);
export type ServiceType = z.infer<typeof serviceTypeSchema>;

const SERVICE_TITLES: Record<ServiceType, string> = {
  house: 'House Cleaning',
  carpet: 'Carpet Cleaning',
  laundry: 'Laundry Pickup',
  dry_cleaning: 'Dry Cleaning & Rugs',
};

/** The service's name as a title, on every screen, receipt and pay link. */
export const serviceTitle = (serviceType: ServiceType): string => SERVICE_TITLES[serviceType];

/** Spec 2 "Rug cleaning form" garments, plus the rug items of DECISIONS.md. */
export const dryCleaningItems = [
  { id: 'shirt', name: 'Shirt/Blouse' },
  { id: 'pants', name: 'Pants/Skirt' },
  { id: 'suit_jacket', name: 'Suit Jacket/Blazer' },
  { id: 'dress', name: 'Dress' },
  { id: 'suit_2piece', name: '2-Piece Suit' },
  { id: 'coat', name: 'Coat/Jacket' },
  { id: 'sweater', name: 'Sweater/Cardigan' },
  { id: 'tie', name: 'Tie' },
  { id: 'bedding', name: 'Comforter/Duvet' },
  { id: 'rug_small', name: 'Area Rug (Small)' },
  { id: 'rug_medium', name: 'Area Rug (Medium)' },
  { id: 'rug_large', name: 'Area Rug (Large)' },
  { id: 'rug_persian', name: 'Persian/Oriental Rug' },
] as const;

export const dryCleaningItemIdSchema = z.enum(
  dryCleaningItems.map((item) => item.id) as [
    (typeof dryCleaningItems)[number]['id'],
    ...(typeof dryCleaningItems)[number]['id'][],
  ],
);
export type DryCleaningItemId = z.infer<typeof dryCleaningItemIdSchema>;
