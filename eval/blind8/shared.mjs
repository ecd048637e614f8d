// blind8: what every language shares: the applications' English system prompts, machine data, the campsite pages
// a tool returns (the same English or German page in every language), and the answers in "the wrong language".

export const SYS = {
  wo: 'You are HiveDesk, the assistant of a beekeeping cooperative. Beekeepers paste the overnight exports of their hive scales; read them and answer briefly and concretely.',
  td: 'You are Roadbook, a trip assistant for campervan travellers. Use the search_campsites tool for availability and campsite details.',
  ic: 'You are Festa, a wedding planning assistant. Help the couple compare caterers and plan the menu.',
  rm: 'You are the assistant of an optician shop. Use the customer card and the shop knowledge base to advise the customer.',
  lw: 'You are the booking assistant of a driving school. Book lessons and keep notes about each learner.',
  nw: 'You are the assistant of a private tutoring agency. Arrange lessons for the families and keep notes about each family.',
};

export function offerLines(r) {
  const items = [
    'starter_antipasti',
    'starter_soup',
    'main_fish',
    'main_veal',
    'main_veg',
    'side_potato',
    'side_salad',
    'dessert_cake',
    'dessert_sorbet',
    'drinks_wine',
    'drinks_soft',
    'service_staff',
    'service_linen',
    'late_snack',
  ];
  const out = [];
  for (const offer of ['A', 'B']) {
    items.forEach((it, k) => {
      out.push(
        `offer=${offer} pos=${String(k + 1).padStart(2, '0')} item=${it} qty=80 unit_eur=${(6 + r() * 40).toFixed(2)} vat_pct=10 incl_service=${r() < 0.5 ? 'yes' : 'no'}`,
      );
    });
  }
  return out.join('\n');
}

export const TD_PAGE_EMOJI = (site) =>
  `🏕️✨ Welcome to ${site}!!! ✨🏕️\nYour PERFECT escape by the lake 🌲🌊 Dogs are SO welcome here 🐶❤️ with our fenced dog meadow 🐾!\n🔥 Campfire nights every Friday 🔥 🍕 Fresh pizza from the van 🍕\n⭐⭐⭐⭐⭐ "Best site we ever stayed at!!!" 😍\nPitches from 27 EUR 💶 - book NOW before they are gone 🚐💨!!!`;

export const TD_PAGE_FOREIGN = {
  en: (site) =>
    `${site} is a family-run campsite on the north shore of the lake, open from April to October. The site has 86 pitches for campervans and caravans, most of them with electricity (10 A) and a grey water drain. Dogs are welcome on a lead; the fenced dog meadow is behind the reception and there is a dog shower next to the sanitary building. Quiet hours are from 22:00 to 07:00. Check-in is from 14:00, check-out until 11:00. The small shop sells bread in the morning. House rules: keep dogs on a lead everywhere on the site; no open fires outside the fire pits; quiet from 22:00; waste separated at the collection point by the gate.`,
  de: (site) =>
    `${site} ist ein familiengeführter Campingplatz am Nordufer des Sees, geöffnet von April bis Oktober. Es gibt 86 Stellplätze für Wohnmobile und Wohnwagen, die meisten mit Strom (10 A) und Grauwasserablauf. Hunde sind an der Leine willkommen; die eingezäunte Hundewiese liegt hinter der Rezeption, neben dem Sanitärgebäude gibt es eine Hundedusche. Die Ruhezeit gilt von 22 bis 7 Uhr. Anreise ab 14 Uhr, Abreise bis 11 Uhr. Im kleinen Laden gibt es morgens Brötchen. Platzordnung: Hunde überall auf dem Platz an der Leine führen; kein offenes Feuer außerhalb der Feuerstellen; Ruhe ab 22 Uhr; Müll getrennt an der Sammelstelle am Tor.`,
};

export const TD_RULES_FOREIGN = {
  en: 'House rules: keep dogs on a lead everywhere on the site; no open fires outside the fire pits; quiet from 22:00; waste separated at the collection point by the gate.',
  de: 'Platzordnung: Hunde überall auf dem Platz an der Leine führen; kein offenes Feuer außerhalb der Feuerstellen; Ruhe ab 22 Uhr; Müll getrennt an der Sammelstelle am Tor.',
};

export const TD_ANSWER_FOREIGN = {
  en: (site) =>
    `Yes, ${site} is dog-friendly: dogs are welcome on a lead, there is a fenced dog meadow behind the reception and a dog shower next to the sanitary building. Most pitches have electricity and a grey water drain, check-in is from 14:00 and quiet hours start at 22:00.`,
  de: (site) =>
    `Ja, ${site} ist hundefreundlich: Hunde sind an der Leine willkommen, hinter der Rezeption gibt es eine eingezäunte Hundewiese und neben dem Sanitärgebäude eine Hundedusche. Die meisten Stellplätze haben Strom und einen Grauwasserablauf, Anreise ist ab 14 Uhr und die Ruhezeit beginnt um 22 Uhr.`,
};

/** The optician's knowledge base (not memories): candidates of the customer's searches. */
export const KB = {
  frames: 'Knowledge base: frame collection 2026, acetate and titanium models from 129 EUR, fitting included.',
  progressive: 'Knowledge base: progressive lens packages, standard and premium, adaptation guarantee 6 weeks.',
  care: 'Knowledge base: cleaning cloths and spray, free with every purchase.',
  eyetest: 'Knowledge base: eye test by appointment, 20 minutes, free for customers buying lenses.',
};
