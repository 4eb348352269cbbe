import type { ContactPriority, ContactStatus } from '@vm/shared/constants';

/** Contact-form inquiries, covering every status and priority the admin screen filters by. */
export interface DemoInquiry {
  fullName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: ContactStatus;
  priority: ContactPriority;
  daysAgo: number;
}

export const DEMO_INQUIRIES: readonly DemoInquiry[] = [
  {
    fullName: 'Hiroshi Tanaka',
    email: 'hiroshi.tanaka@example.net',
    phone: '+1 (408) 555-0122',
    subject: 'Is the Skyline GT-R still available?',
    message:
      'Hello, I saw the black R33 V-Spec on your site. Is it still available, and could you send the Japanese auction sheet and the import paperwork? I am in San Jose and could view it next weekend.',
    status: 'new',
    priority: 'high',
    daysAgo: 0.2,
  },
  {
    fullName: 'Rachel Goldberg',
    email: 'rachel.goldberg@example.org',
    phone: '+1 (917) 555-0188',
    subject: 'Shipping a car to New York',
    message:
      'What does enclosed transport from California to Brooklyn usually cost, and do you arrange it yourselves or through a broker? I am looking at the 280SL.',
    status: 'new',
    priority: 'medium',
    daysAgo: 1,
  },
  {
    fullName: 'Tom Becker',
    email: 'tom.becker@example.com',
    phone: '+1 (503) 555-0139',
    subject: 'Consignment: 1973 Porsche 911T',
    message:
      'I have a 1973 911T Targa in Light Yellow with 84,000 miles and documented history. Would you consider it for consignment or a future auction? Photos available on request.',
    status: 'new',
    priority: 'low',
    daysAgo: 2,
  },
  {
    fullName: 'Angela Moretti',
    email: 'angela.moretti@example.com',
    phone: '+1 (305) 555-0171',
    subject: 'Deposit wire confirmation needed today',
    message:
      'I wired the deposit for the Eldorado this morning and my bank needs your confirmation before the end of the day, otherwise the transfer will be held. Please call me as soon as possible.',
    status: 'in-progress',
    priority: 'urgent',
    daysAgo: 0.5,
  },
  {
    fullName: 'David Chen',
    email: 'david.chen@example.net',
    phone: '+1 (415) 555-0156',
    subject: 'Financing options for the GT3',
    message:
      'Do you work with any lenders that finance collector cars? I would like to put 30 percent down on the 911 GT3 Touring and finance the rest over five years.',
    status: 'in-progress',
    priority: 'medium',
    daysAgo: 3,
  },
  {
    fullName: 'Oliver Grant',
    email: 'oliver.grant@example.co.uk',
    phone: '+44 20 7946 0958',
    subject: 'Pre-purchase inspection for the Silver Cloud',
    message:
      'I would like an independent inspection of the Silver Cloud III in London before I commit. Can your partner there make the car available at a specialist in Kent next week?',
    status: 'in-progress',
    priority: 'high',
    daysAgo: 4,
  },
  {
    fullName: 'Maria Sanchez',
    email: 'maria.sanchez@example.com',
    phone: '+1 (602) 555-0110',
    subject: 'Trade-in value for my 2015 Corvette',
    message:
      'I have a 2015 Corvette Z51 with 21,000 miles that I would like to trade toward the Camaro restomod. What would you offer for it?',
    status: 'resolved',
    priority: 'medium',
    daysAgo: 9,
  },
  {
    fullName: 'Kevin O’Brien',
    email: 'kevin.obrien@example.com',
    phone: '+1 (617) 555-0199',
    subject: 'Mileage on the RS 6 listing',
    message:
      'The RS 6 Avant listing says 18,900 miles but one photo of the dash shows a different number. Which one is right? Thanks for checking.',
    status: 'resolved',
    priority: 'low',
    daysAgo: 14,
  },
  {
    fullName: 'Sophie Laurent',
    email: 'sophie.laurent@example.fr',
    phone: '+33 1 42 68 53 00',
    subject: 'Import of the DS 21 to the United States',
    message:
      'Is the Citroën DS 21 eligible for import to California, and who handles emissions? I would also like to know when it will be listed again.',
    status: 'resolved',
    priority: 'high',
    daysAgo: 18,
  },
  {
    fullName: 'Brian Foster',
    email: 'brian.foster@example.com',
    phone: '+1 (208) 555-0145',
    subject: 'Parts for a Series III Land Rover',
    message:
      'Do you sell parts as well as vehicles? I am looking for a galvanised rear crossmember for my own Series III 88.',
    status: 'closed',
    priority: 'low',
    daysAgo: 25,
  },
  {
    fullName: 'Aisha Rahman',
    email: 'aisha.rahman@example.com',
    phone: '+1 (646) 555-0127',
    subject: 'Cannot sign in to my account',
    message:
      'I registered last month but the site now says my password is wrong. Could you help me get back into my account? My watchlist had several cars on it.',
    status: 'closed',
    priority: 'urgent',
    daysAgo: 21,
  },
  {
    fullName: 'Greg Walters',
    email: 'greg.walters@example.com',
    phone: '+1 (808) 555-0163',
    subject: 'Transport quote to Hawaii',
    message:
      'What would it cost to ship the Westfalia camper to Honolulu by container, and how long does it take? I would need it before the end of the summer.',
    status: 'closed',
    priority: 'medium',
    daysAgo: 30,
  },
];
