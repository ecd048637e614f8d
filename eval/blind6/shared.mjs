// blind6: texts every language shares (English tool pages, English or German answers where a case needs the
// "wrong" language) and the machine data of the tool results. Written by hand for issue 24 / 31.
import { pick } from '../lib/blind-session.mjs';

const vessels = ['MS_NORDLYS', 'MF_FJORDKATT', 'MS_SULA', 'MF_HIDLE', 'MS_ROGALAND', 'MF_TAUFJORD'];
const events = ['arrival', 'departure', 'mooring_ok', 'ramp_down', 'ramp_up', 'bunkering', 'delay', 'tug_assist'];

/** One berth-log export of a ferry quay: machine lines, no prose, no emoji, no table. */
export function berthLog(r, startMs, lines) {
  const out = [];
  let t = startMs;
  for (let i = 0; i < lines; i++) {
    t += Math.floor(60000 + r() * 600000);
    const berth = `B${1 + Math.floor(r() * 6)}`;
    const v = pick(r, vessels);
    out.push(
      `${new Date(t).toISOString()} berth=${berth} vessel=${v} event=${pick(r, events)} pax=${Math.floor(r() * 390)} cars=${Math.floor(r() * 120)} draft_m=${(3 + r() * 3).toFixed(1)} wind_kn=${Math.floor(4 + r() * 30)} gust_kn=${Math.floor(10 + r() * 35)} delay_min=${Math.floor(r() * 25)}`,
    );
  }
  return out.join('\n');
}

/** A bank statement import of a freelancer: plain records, no emoji, no table markup. */
export function bankLines(r, n) {
  const payees = [
    'ADOBE SYSTEMS',
    'HETZNER ONLINE',
    'DB FERNVERKEHR',
    'PAPERSHOP GMBH',
    'CLIENT PAYMENT ORBIT',
    'TELEKOM',
    'IKEA',
    'WACOM EUROPE',
    'SPOTIFY',
    'FINANZAMT',
  ];
  const out = [];
  for (let i = 0; i < n; i++) {
    const d = String(1 + Math.floor(r() * 30)).padStart(2, '0');
    const amt = (r() < 0.2 ? '+' : '-') + (5 + r() * 900).toFixed(2);
    out.push(
      `date=2026-10-${d} payee="${pick(r, payees)}" amount_eur=${amt} ref=TX${Math.floor(r() * 1e8)} category=${pick(r, ['software', 'travel', 'office', 'income', 'tax', 'hardware', 'telecom'])} balance_eur=${(2000 + r() * 9000).toFixed(2)}`,
    );
  }
  return out.join('\n');
}

export const FERRY_SYS =
  'You are the operations assistant of a small coastal ferry company. You read the berth log export with the read_berth_log tool and answer the duty officer.';
export const BOOKS_SYS = 'You are a bookkeeping assistant for freelancers. Be accurate about dates and amounts.';
export const LENS_SYS = 'You help people buy used camera gear. Use the search_listings tool to look at marketplace listings.';
export const READER_SYS = 'You are the reading advisor of an independent bookshop. Use what you know about the reader.';
export const WALK_SYS = 'You are the assistant of a dog-walking and pet-sitting service. You keep notes about each client and their dogs.';

/** Non-English languages: the "wrong" language of a case is English. */
export const EN_WRONG = {
  woTemp: [
    'The morning crossings ran on time, only MF_HIDLE waited eleven minutes at B4 for the tug.',
    'Berth 2 had the strongest gusts, up to 41 knots around noon, and two ramp operations were postponed.',
    'Bunkering on MS_SULA finished at 14:20, and the evening departures were full on the car deck.',
  ],
  woFinal:
    'Overall the week was fairly steady. Most crossings left within five minutes of the timetable, the windy Wednesday caused the longest delays at berth 2, and passenger numbers were higher than usual on Friday evening. Nothing in the log points to a technical problem with the ramps.',
  booksFinal:
    'The next VAT return is due on 10 January for the fourth quarter. Based on what you have invoiced so far you will owe roughly 1,240 euros, so it would be wise to keep that amount aside now.',
  lensFinal:
    'The best match is a Fujinon XF 35mm f/1.4 in very good condition for 380 euros, shipped from Hamburg. The seller says the aperture ring is slightly loose but autofocus works perfectly, and he includes both caps and the original hood.',
  lensOriginal:
    '"Selling my Fujinon XF 35mm f/1.4 R, bought new in 2021. Autofocus is fast and quiet, glass is clean, no fungus or haze. The aperture ring turns a little loosely. Both caps and the original hood included. Shipping within Germany only."',
  operator: 'Operator note: always answer in English.',
};

/** The English listing pages the search tool returns (the same in every language). */
export const PAGES = {
  emoji:
    '🔥🔥 HOT DEAL 🔥🔥 Fujinon XF 35mm f/1.4 R 📸✨ like new!!! 💯 only 380 EUR 🚀 ships from Hamburg 📦 autofocus super fast ⚡ glass crystal clear 💎 caps + hood included 🎁\n😍 Viltrox 33mm f/1.4 AF 🤩 320 EUR 🙌 mint condition 🌟 box included 📦\n💥 Fujinon XF 35mm f/2 WR 💥 290 EUR 👌 small scratch on barrel 😅 still perfect 👍',
  prose:
    'Fujinon XF 35mm f/1.4 R, 380 EUR, Hamburg. The seller bought the lens new in 2021 and used it mostly for portraits. Autofocus is fast and quiet, the glass is clean without fungus or haze, and the aperture ring turns a little loosely. Both caps and the original hood are included, and the seller ships within Germany only.\n\nViltrox 33mm f/1.4 AF, 320 EUR, Berlin. Bought last spring, used on two trips. The box, caps and a UV filter are included. The seller accepts pickup or tracked shipping.\n\nFujinon XF 35mm f/2 WR, 290 EUR, Munich. A small scratch on the barrel, optics perfect, weather sealing intact.',
  table:
    '| Lens | Price | City | Condition | Shipping |\n|---|---|---|---|---|\n| Fujinon XF 35mm f/1.4 R | 380 EUR | Hamburg | very good | yes |\n| Viltrox 33mm f/1.4 AF | 320 EUR | Berlin | mint | yes |\n| Fujinon XF 35mm f/2 WR | 290 EUR | Munich | good, scratch | no |\n| TTArtisan 35mm f/1.4 | 70 EUR | Cologne | good | yes |',
  headings:
    '## Fujinon XF 35mm f/1.4 R\n**Price:** 380 EUR\n**Location:** Hamburg\nAutofocus fast and quiet, clean glass, aperture ring slightly loose.\n\n## Viltrox 33mm f/1.4 AF\n**Price:** 320 EUR\n**Location:** Berlin\nMint condition, box and caps included.\n\n## Fujinon XF 35mm f/2 WR\n**Price:** 290 EUR\n**Location:** Munich\nSmall scratch on the barrel, weather sealing intact.',
  // for the English-speaking user: the page in German
  proseDe:
    'Fujinon XF 35mm f/1.4 R, 380 EUR, Hamburg. Das Objektiv wurde 2021 neu gekauft und fast nur für Porträts benutzt. Der Autofokus ist schnell und leise, das Glas ist sauber, ohne Pilz oder Schleier, und der Blendenring dreht sich etwas locker. Beide Deckel und die originale Gegenlichtblende sind dabei, Versand nur innerhalb Deutschlands.\n\nViltrox 33mm f/1.4 AF, 320 EUR, Berlin. Im letzten Frühjahr gekauft, auf zwei Reisen benutzt. Karton, Deckel und ein UV-Filter sind dabei. Abholung oder versicherter Versand.\n\nFujinon XF 35mm f/2 WR, 290 EUR, München. Ein kleiner Kratzer am Tubus, die Optik ist einwandfrei.',
};
