// blind7: texts every language shares (English system prompts, English tool pages, English answers where a case
// needs "the wrong language") and the machine data of the tool results. Written by hand for issues 24 and 31.
import { pick } from '../lib/blind-session.mjs';

export const GREEN_SYS =
  'You are the climate assistant of a commercial tomato greenhouse. You read the climate computer export with the read_climate_log tool and answer the grower.';
export const RENO_SYS = 'You help private people renovate their homes: compare contractor quotes, plan the work, draft messages.';
export const HUT_SYS = 'You help hikers plan hut-to-hut treks in the Alps. Use the search_huts tool to look up huts and their availability.';
export const BIKE_SYS = 'You are the service-desk assistant of a bicycle repair shop. Use what you know about the customer.';
export const PHYSIO_SYS = 'You are the booking assistant of a physiotherapy practice. You keep notes about each patient.';
export const BOX_SYS = 'You are the assistant of a weekly recipe-box delivery service. Use what you know about the household.';

/** One export of a greenhouse climate computer: machine lines, no prose, no emoji, no table. */
export function climateLog(r, startMs, lines) {
  const out = [];
  let t = startMs;
  for (let i = 0; i < lines; i++) {
    t += 300000;
    const night = new Date(t).getUTCHours() < 6 || new Date(t).getUTCHours() > 18;
    out.push(
      `${new Date(t).toISOString()} house=G${1 + Math.floor(r() * 3)} zone=Z${1 + Math.floor(r() * 6)} temp_c=${(night ? 16 + r() * 3 : 20 + r() * 6).toFixed(1)} rh_pct=${Math.floor(70 + r() * 22)} co2_ppm=${Math.floor(night ? 420 + r() * 80 : 700 + r() * 300)} par_umol=${night ? 0 : Math.floor(100 + r() * 700)} vent_pct=${Math.floor(r() * 40)} pipe_c=${(35 + r() * 20).toFixed(1)} screen=${pick(r, ['open', 'closed', 'half'])}`,
    );
  }
  return out.join('\n');
}

/** Line items of a contractor's quote, as the quoting tool exports them: plain records, no "!" and no table markup. */
export function quoteItems(r, n) {
  const items = [
    'tile_removal',
    'screed_levelling',
    'waterproofing',
    'wall_tiles',
    'floor_tiles',
    'plumbing_rough_in',
    'shower_tray',
    'vanity_install',
    'electrical_points',
    'ceiling_paint',
    'skip_hire',
    'grout_epoxy',
    'silicone_joints',
    'door_trim',
  ];
  const units = ['m2', 'pcs', 'h', 'lm', 'lump'];
  const out = [];
  for (let i = 0; i < n; i++) {
    const qty = (1 + r() * 30).toFixed(1);
    const price = (8 + r() * 160).toFixed(2);
    out.push(
      `pos=${String(i + 1).padStart(3, '0')} item=${pick(r, items)} qty=${qty} unit=${pick(r, units)} unit_price_eur=${price} total_eur=${(qty * price).toFixed(2)} vat_pct=19 lead_time_days=${Math.floor(1 + r() * 14)} supplier_ref=Q${Math.floor(r() * 1e7)}`,
    );
  }
  return out.join('\n');
}

/** The pages the hut search returns (English in every language). */
export const HUT_PAGES = {
  long: [
    'Rifugio Passo Valdritta (2,310 m) sits right below the pass on the eastern side of the ridge, about forty minutes from the saddle on a well marked path. The hut has 46 beds in six dormitories and two private rooms for four people each; the private rooms are usually booked out in September, so the dormitory is the realistic option for a group that books less than a month ahead.',
    'Half board is served at seven in the evening and includes a soup, a main course with polenta or pasta, and a dessert; vegetarian meals are available when requested at booking, vegan meals only with notice of at least three days because supplies come up by cable car twice a week. Breakfast starts at half past six, and a packed lunch can be ordered the night before.',
    'There is no shower with hot water; a cold-water washroom is available, and drinking water from the tap is safe. The hut accepts cards, but the connection often fails in bad weather, so bring enough cash for two nights. Sleeping-bag liners are compulsory and can be bought at the hut.',
    'From the hut, the next stage towards Malga Sella takes about five and a half hours with 900 metres of descent and a short exposed section with fixed cables below the second col; in wet weather the keepers advise the lower variant through the forest, which adds an hour but avoids the cables. The hut closes for the season on the last Sunday of September.',
  ].join('\n\n'),
  excl: 'Rifugio Passo Valdritta!!! The BEST view of the whole ridge, right below the pass!! 46 beds, cosy dormitories and two private rooms, book now before September is gone! Our famous polenta every night at seven! Vegetarian on request! Sunrise terrace open from six, do not miss it!! Cards accepted, but bring cash, the mountain has its own ideas about Wi-Fi! We close on the last Sunday of September, see you up here!!!',
  list: '- Rifugio Passo Valdritta, 2,310 m, below the pass on the eastern side\n- 46 beds: six dormitories, two private rooms for four\n- Half board at 7 pm, about 62 EUR, vegetarian on request\n- No hot shower, tap water safe to drink\n- Cards accepted, bring cash for bad weather\n- Free beds on 15 September: 11 in the dormitory\n- Next stage to Malga Sella: about 5.5 hours, short cabled section',
  emoji:
    '🏔️ Rifugio Passo Valdritta 🏔️ right below the pass 😍 46 beds 🛏️ polenta every night at 7 🍲 sunrise terrace 🌅 cards accepted 💳 but bring cash ☔ free beds on 15 September ✅ see you up here 👋',
  xml: '<huts>\n  <hut id="valdritta" altitude_m="2310">\n    <name>Rifugio Passo Valdritta</name>\n    <beds dormitory="38" private="8"/>\n    <half_board price_eur="62" vegetarian="on_request"/>\n    <availability date="2027-09-15" free="11"/>\n  </hut>\n  <hut id="sella" altitude_m="1720">\n    <name>Malga Sella</name>\n    <beds dormitory="24" private="4"/>\n    <half_board price_eur="55" vegetarian="yes"/>\n    <availability date="2027-09-16" free="3"/>\n  </hut>\n</huts>',
};

/** Answers in English for the users who do not write English (a case's "wrong" language). */
export const EN_WRONG = {
  woFinal:
    'Overall the week was steady in all three houses. Night temperatures stayed between sixteen and nineteen degrees, humidity was high only on Wednesday and Thursday morning, and the screens closed on time every evening. The CO2 dosing ran a little long on the sunny afternoons, which is worth checking before the next delivery of gas.',
  woTemp: [
    'Zone three stayed between seventeen and nineteen degrees overnight, and humidity peaked just before dawn, which is normal for this stage of the crop.',
    'The vents in house two opened to about a third around noon, and the pipe temperature dropped once the sun came out, so the heating behaved as planned.',
    'The screens closed at the usual time, and the night was a little warmer than the setpoint because of the cloud cover, nothing to worry about.',
  ],
  icAnswer:
    'The second quote is about eleven hundred euros higher than the first, mostly because it includes waterproofing of the whole floor and the removal of the old tiles. If you compare only the tiling work, the two offers are very close, so I would ask the first contractor whether waterproofing is included before you decide.',
};

/** For the English-speaking user, the "wrong" language is German. */
export const DE_WRONG = {
  woFinal:
    'Insgesamt war die Woche in allen drei Häusern ruhig. Die Nachttemperaturen lagen zwischen sechzehn und neunzehn Grad, die Luftfeuchte war nur am Mittwoch- und Donnerstagmorgen hoch, und die Schirme haben jeden Abend pünktlich geschlossen. Die CO2-Dosierung lief an den sonnigen Nachmittagen etwas lang, das sollte man vor der nächsten Gaslieferung prüfen.',
  icAnswer:
    'Das zweite Angebot liegt etwa elfhundert Euro über dem ersten, vor allem weil es die Abdichtung des ganzen Bodens und das Entfernen der alten Fliesen enthält. Vergleicht man nur die Fliesenarbeiten, liegen beide Angebote sehr nah beieinander; ich würde beim ersten Betrieb nachfragen, ob die Abdichtung enthalten ist.',
};
