// Tool outputs in the shape of real machine output (test runs, fare searches, ticket exports, recipe rows):
// the same for every language, as real tool output is; no emoji, tables, XML, markdown, code fences or labels.
import { pick } from '../lib/blind-session.mjs';

const pools = {
  code: [
    (r) => `PASS src/cart/${pick(r, ['total', 'tax', 'coupon', 'shipping'])}.test.ts (${(r() * 3).toFixed(2)} s)`,
    (r) =>
      `FAIL src/cart/checkout.test.ts > applies coupon ${pick(r, ['SPRING10', 'WELCOME5', 'VIP20'])} once: expected ${Math.floor(r() * 90 + 10)} received ${Math.floor(r() * 90 + 10)}`,
    (r) => `    at applyCoupon (src/cart/coupon.ts:${Math.floor(r() * 200 + 1)}:${Math.floor(r() * 40 + 1)})`,
    (r) => `    at Object.checkout (src/cart/checkout.ts:${Math.floor(r() * 300 + 1)}:${Math.floor(r() * 40 + 1)})`,
    (r) => `warn deprecated dependency lodash.merge@4.6.${Math.floor(r() * 3)} used by ${pick(r, ['legacy-ui', 'pricing-core', 'i18n-loader'])}`,
    (r) =>
      `coverage src/cart/${pick(r, ['total', 'tax', 'coupon'])}.ts statements=${Math.floor(r() * 40 + 60)} branches=${Math.floor(r() * 40 + 50)} lines=${Math.floor(r() * 30 + 70)}`,
    (r) =>
      `tsc src/cart/coupon.ts(${Math.floor(r() * 200)},${Math.floor(r() * 30)}) error TS2345 argument of type string is not assignable to parameter of type number`,
  ],
  travel: [
    (r) =>
      `FARE ${pick(r, ['AF', 'LH', 'IB', 'TK', 'QR', 'EK', 'JL', 'KE', 'SU', 'TP'])}${Math.floor(r() * 9000 + 100)} ${pick(r, ['CDG', 'FRA', 'MAD', 'IST', 'DOH', 'DXB'])}-${pick(r, ['NRT', 'ICN', 'GRU', 'LIM', 'BKK', 'SVO'])} dep=2027-0${Math.floor(r() * 8 + 1)}-${String(Math.floor(r() * 27 + 1)).padStart(2, '0')}T${String(Math.floor(r() * 23)).padStart(2, '0')}:${pick(r, ['05', '20', '35', '50'])} stops=${Math.floor(r() * 3)} fare_eur=${Math.floor(r() * 1400 + 300)} seats=${Math.floor(r() * 9)} class=${pick(r, ['Y', 'W', 'J'])}`,
    (r) =>
      `VISA rule country=${pick(r, ['JP', 'KR', 'BR', 'PE', 'TH', 'RU'])} passport=${pick(r, ['FR', 'DE', 'ES', 'CN', 'US', 'IN'])} stay_max_days=${pick(r, [15, 30, 60, 90])} evisa=${pick(r, ['yes', 'no'])} updated=2026-${String(Math.floor(r() * 11 + 1)).padStart(2, '0')}-01`,
    (r) =>
      `HOTEL id=h${Math.floor(r() * 99999)} city=${pick(r, ['TYO', 'SEL', 'LIM', 'BKK', 'RIO'])} stars=${Math.floor(r() * 3 + 2)} night_eur=${Math.floor(r() * 220 + 40)} free_cancel=${pick(r, ['true', 'false'])} rating=${(r() * 2 + 7).toFixed(1)}`,
  ],
  support: [
    (r) =>
      `TICKET #${Math.floor(r() * 90000 + 10000)} status=${pick(r, ['open', 'pending', 'solved'])} channel=${pick(r, ['sms', 'email', 'chat'])} product=${pick(r, ['router-x2', 'mesh-m3', 'modem-c1'])} age_h=${Math.floor(r() * 200)}`,
    (r) =>
      `EVENT device=${pick(r, ['router-x2', 'mesh-m3'])} serial=SN${Math.floor(r() * 1e8)} firmware=4.${Math.floor(r() * 9)}.${Math.floor(r() * 20)} wan=${pick(r, ['up', 'down', 'flapping'])} rssi=-${Math.floor(r() * 40 + 40)}`,
    (r) =>
      `REFUND order=${Math.floor(r() * 9e6)} amount_eur=${(r() * 300).toFixed(2)} state=${pick(r, ['requested', 'approved', 'rejected'])} reason_code=${pick(r, ['R01', 'R07', 'R12'])}`,
  ],
  recipe: [
    (r) =>
      `RECIPE id=r${Math.floor(r() * 99999)} kcal=${Math.floor(r() * 700 + 150)} prep_min=${Math.floor(r() * 60 + 5)} servings=${Math.floor(r() * 6 + 1)} tags=${pick(r, ['vegan', 'gluten_free', 'quick', 'kids'])},${pick(r, ['oven', 'pan', 'no_cook'])}`,
    (r) =>
      `INGREDIENT recipe=r${Math.floor(r() * 99999)} item=${pick(r, ['chickpeas', 'rice', 'tofu', 'spinach', 'lentils', 'oats', 'tomato'])} qty_g=${Math.floor(r() * 400 + 20)} allergen=${pick(r, ['none', 'soy', 'gluten', 'nuts'])}`,
    (r) =>
      `PANTRY user=u${Math.floor(r() * 999)} item=${pick(r, ['flour', 'eggs', 'milk', 'rice', 'beans'])} qty=${Math.floor(r() * 10)} expires=2027-0${Math.floor(r() * 8 + 1)}-${String(Math.floor(r() * 27 + 1)).padStart(2, '0')}`,
  ],
};

/** n lines of a domain's tool output, one seed per call. */
export function dataLines(r, domain, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(pick(r, pools[domain])(r));
  return out.join('\n');
}
