/** The public header's destinations (spec 1 §2). */
export const mainNav = [
  { href: '/', label: 'Home' },
  { href: '/services', label: 'Services' },
  { href: '/about', label: 'About Us' },
  { href: '/careers', label: 'Join Our Team' },
  { href: '/help', label: 'Help' },
] as const;

export const bookingShortcuts = [
  { href: '/book?service=house-cleaning', label: 'Book House Cleaning' },
  { href: '/book?service=carpet-cleaning', label: 'Book Carpet Cleaning' },
  { href: '/book?service=rug-cleaning', label: 'Book Rug Cleaning' },
  { href: '/book?service=laundry', label: 'Book Laundry Pickup' },
] as const;

export const footerColumns = [
  {
    title: 'Services',
    links: [
      { href: '/services#house-cleaning', label: 'House Cleaning' },
      { href: '/services#carpet-cleaning', label: 'Carpet Cleaning' },
      { href: '/services#laundry-service', label: 'Laundry Service' },
      { href: '/gift-cards', label: 'Gift Cards' },
    ],
  },
  {
    title: 'Company',
    links: [
      { href: '/about', label: 'About Us' },
      { href: '/careers', label: 'Careers' },
      { href: '/articles', label: 'Articles' },
    ],
  },
  {
    title: 'Legal & Help',
    links: [
      { href: '/help', label: 'Help Center' },
      { href: '/privacy', label: 'Privacy Policy' },
      { href: '/help', label: 'Terms of Service' },
    ],
  },
] as const;
