// What the huge seed's rows say: order items, payers' comments, suppliers, payees (huge.ts).
export const ITEMS = [
  'Espresso',
  'Flat white',
  'Croissant',
  'Sourdough loaf',
  'Gift card',
  'T-shirt',
  'Sticker pack',
  'Coffee beans 250g',
  'Zine',
  'Tote bag',
  'Oat latte',
  'Cinnamon bun',
  'Workshop seat',
  'Mug',
] as const
export const COMMENTS = [
  '',
  'thanks!',
  'great coffee',
  'see you tomorrow',
  '',
  'for the barista',
  'keep it up',
  'best croissant in town',
  '',
  'tip from table 4',
] as const
export const SUPPLIERS = ['Roastery Nord', 'Milk & Co', 'Bakehouse 7', 'Print Shop Ltd', 'City Power', 'Rent'] as const
const NAMES = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'nadia',
  'oscar',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'zoe',
] as const
const DOMAINS = ['getalby.com', 'walletofsatoshi.com', 'stacker.news', 'coinos.io', 'strike.me'] as const
export const PAYEES = NAMES.flatMap((n) => DOMAINS.map((d) => `${n}@${d}`))
export const SWEEPS = ['Weekly sweep', 'Float for the till'] as const
