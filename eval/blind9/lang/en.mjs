// English (UK usage where it differs): a clearance clerk in Felixstowe, a vet's client, a dog-walking client, a
// regional newsroom, a bookseller in Hay-on-Wye, a household doing its tax return.
const blurb =
  'The novel EVERYONE is talking about! A sweeping, heartbreaking, unforgettable story of love and war on the Welsh coast! Now back in print at last! Don\u2019t miss it!';
export default {
  wo: {
    port: 'Felixstowe',
    consignee: 'Oakhaven Interiors Ltd',
    hello:
      'Morning. I do import clearance for a furniture importer, we\u2019ve got a batch of containers landing at {port} this week and I need to go through the manifests before we file the declarations.',
    helloAnswer:
      'Morning. Happy to help. Send me the container numbers one at a time and I\u2019ll pull each manifest and flag anything that looks off, like weights, HS codes or missing lines.',
    ruleTables:
      'One rule for this whole chat: never use tables in your answers. I use a screen reader and tables come out as a jumble of cells. Plain sentences or a short list are fine.',
    ruleEmoji: 'Also, from now on no emoji in your answers please. Our ticket system turns them into question marks and it looks awful in the audit trail.',
    ack: 'Understood, I\u2019ll stick to that for the rest of our chat.',
    asks: [
      'Can you pull the manifest for {c} and tell me if anything looks off?',
      'Next one is {c}. Anything odd in there?',
      'Right, {c} please. Same checks as before.',
    ],
    answers: [
      'Manifest for {c} has {n} lines. HS codes are consistent with the descriptions, but line {k} has a gross weight below its net weight, so I\u2019d ask the shipper to correct it before you file.',
      '{c} looks clean overall: {n} lines, all from Vietnam, packages add up. Only line {k} is worth a second look because its weight per package is far above the others.',
      'I\u2019ve been through {c}. {n} lines, nothing missing, and the HS codes match. Line {k} has an unusual package count, probably a typo, worth confirming with the supplier.',
    ],
    reminder: 'And a reminder since we\u2019ve been at this a while: still no tables please, screen reader.',
    overviewAsk: 'Great. Can you give me an overview of all the containers we\u2019ve checked, with their status, for the broker call at three?',
    tableIntro: 'Here\u2019s the overview for the broker call:',
    tableHead: ['Container', 'Status', 'Note'],
    status: ['ready to declare', 'query with shipper', 'ready to declare', 'waiting for packing list'],
    notes: ['no issues', 'weight mismatch on one line', 'package count to confirm', 'HS code check'],
    listIntro: 'Here\u2019s the overview for the broker call, container by container:',
    plainOutro: 'Everything else is ready once those queries come back.',
    emojiIntro: 'Here\u2019s your overview for the broker call',
    emojiOutro: 'That\u2019s the lot, good luck with the call!',
    summary:
      'Summary of the conversation so far: the user handles import clearance for a furniture importer at Felixstowe. We reviewed the manifests of several containers from Vietnam one by one, checking HS codes, weights and package counts, and flagged single lines with weight or count problems for the shipper. Open point: an overview of all containers for the broker call.',
    summaryKept:
      'Summary of the conversation so far: the user handles import clearance for a furniture importer at Felixstowe. We reviewed the manifests of several containers from Vietnam one by one and flagged single lines with weight or count problems. Standing instruction from the user: no emoji in answers (their ticket system breaks them). Open point: an overview of all containers for the broker call.',
  },
  rm: {
    earlierUser:
      'Hi, Luna had her check-up with you today. The nurse said you\u2019d keep her notes on file so I don\u2019t have to repeat everything each time.',
    earlierAnswer: 'Hello! Yes, Luna\u2019s notes from today are on her file now. You can ask me about her care any time.',
    memDiet: 'Luna (cat, 9 years) has chronic kidney disease: renal diet food only, no treats high in phosphorus.',
    memDietOld: 'Luna (cat, 9 years) eats dry food, two meals a day, and gets dental treats.',
    memDietNew: 'Luna (cat, 9 years) has chronic kidney disease: renal diet food only since March, no treats high in phosphorus.',
    memInsurance: 'Owner pays by direct debit; the cat is insured with PetProtect, policy 44-1937.',
    memAppt: 'Owner prefers appointments before 9 am on weekdays.',
    memVacc: 'Luna\u2019s vaccination booklet is kept at the practice reception.',
    smalltalk: [
      ['Hi there, quick question about Luna if you have a minute.', 'Of course, what would you like to know?'],
      ['Sorry, the rain is awful today, I\u2019m typing from the bus stop.', 'No problem at all, take your time.'],
    ],
    dietChangeUser: 'Just so you know, since the kidney diagnosis Luna is only on the renal wet food, no more dental treats.',
    dietChangeAnswer: 'Thanks for letting us know, I\u2019ve updated Luna\u2019s file.',
    kbWeight:
      'Weight loss in older cats: common causes are kidney disease, an overactive thyroid and dental pain. Weigh monthly and book a check-up if the loss continues.',
    kbSenior: 'Senior food for cats over 8: higher protein and energy to keep muscle mass, for example VitaCat Senior 7+ (dry) or VitaCat Senior pouches.',
    question: 'Luna has lost a bit of weight lately. What food can I give her now?',
    rewritten: 'suitable food for cat Luna after weight loss, diet',
    blockTitle: 'Owner file and knowledge base (retrieved):',
    answerBad:
      'If Luna is losing weight, a senior food with more protein and energy is a good choice, for example VitaCat Senior 7+. Weigh her once a month and book a check-up if she keeps losing.',
    answerGood:
      'Keep Luna on her renal wet food. To help her put weight back on, split it into four small meals and warm it slightly. Weigh her once a month, and book a check-up if she keeps losing.',
  },
  lw: {
    earlierUser: 'Hi, I\u2019d like to sign Bruno up for walks. He\u2019s a four-year-old Labrador, and the spare key is with my neighbour at number 12.',
    earlierAnswer: 'Lovely, Bruno\u2019s all set up. We\u2019ll pick up the key from number 12.',
    memKey: 'Spare key for the client\u2019s house is with the neighbour at number 12.',
    memDog: 'Bruno is a four-year-old Labrador; one-hour walks.',
    q0: 'Hiya, can we sort out Bruno\u2019s walks for next week?',
    a0: 'Sure. Bruno is down for one-hour walks and we collect the key from number 12. Which days would you like?',
    blockTitle: 'Client notes (memory):',
    rule: 'Before that: Bruno can\u2019t be let off the lead any more. He went after a cyclist in the park last week.',
    memLeash: 'Bruno must stay on the lead on every walk (chased a cyclist in the park).',
    promise: 'Got it, I\u2019ll remember that: Bruno stays on the lead on every walk from now on.',
    q2: 'Thanks. Monday, Wednesday and Friday at noon, please.',
    a2: 'Booked: Monday, Wednesday and Friday at 12:00, one hour each, key from number 12.',
    bye: 'Perfect, that\u2019s all. Cheers!',
    byeAnswer: 'You\u2019re welcome, have a good week!',
  },
  co: {
    headlines: ['Council approves Riverside bridge repairs', 'Bus strike called off after late-night deal', 'Hospital car park charges to rise in April'],
    correction: '(corrected: vote was 31 to 9)',
    photo0: 'Photo: J. Okafor',
    photo1: 'Photo: M. Lindqvist / pool',
    teaser0: 'What the repairs mean for commuters',
    ask: 'What\u2019s on the front page lead for tomorrow?',
    answer: 'The front page lead is currently:',
  },
  td: {
    ruleShort: 'Please keep your answers short, 60 words at most. I read them on my phone between customers.',
    ruleLists: 'Please use lists, not tables, in your answers; I paste them into our plain-text newsletter.',
    ruleCalm: 'And please no exclamation marks in your answers, keep a calm tone; I forward them to customers as they are.',
    ack: 'Of course, I\u2019ll keep to that.',
    q0: 'Someone wants to sell us a box of old Penguins. Do we still buy whole collections?',
    a0: 'Yes, you buy whole collections after a look at condition; early orange Penguins in good jackets are worth it, the rest goes to the bargain shelf.',
    book: 'Richard Llewellyn, How Green Was My Valley, first edition',
    qLong: 'A customer asked about the first edition of How Green Was My Valley. What do we have in the catalogue?',
    qTable: 'What editions of How Green Was My Valley do dealers have listed at the moment?',
    qBlurb: 'The reprint of How Green Was My Valley came in. What does the publisher say about it?',
    verbatimTable: 'Show me the table exactly as the catalogue gives it, please.',
    verbatimBlurb: 'Copy me the publisher\u2019s blurb word for word, as it is, for the shelf card.',
    longEntry:
      'LLEWELLYN, Richard. How Green Was My Valley. London: Michael Joseph, 1939. First edition, first impression. Octavo, original green cloth, spine lettered in gilt, in the first-state dust jacket priced 8s. 6d. net on the front flap. The jacket shows light rubbing to the extremities, a short closed tear at the head of the spine panel and minor toning to the spine; the cloth beneath is bright and clean with only the faintest lean. Internally the text block is tight and clean, with light spotting confined to the preliminaries and the fore-edge, no inscriptions, and the original publisher\u2019s advertisement leaf at the rear present. The novel, narrated by Huw Morgan, recalls his childhood in a South Wales mining valley at the turn of the century and was an immediate bestseller, winning the National Book Award in the United States in 1940 and inspiring John Ford\u2019s film of 1941, which took five Academy Awards including Best Picture. First editions in the first-state jacket are uncommon, since most copies were read to pieces during the war, and a jacket in this condition is rarely seen. Provenance: from the library of a Cardiff schoolteacher, acquired by us at auction in 2024. Price on request; dealer reference HG-1939-01. Shelved in the locked cabinet, room two.',
    longAnswer:
      'We have one copy: the 1939 Michael Joseph first edition, first impression, in the first-state jacket priced 8s. 6d. The jacket has light rubbing, a short closed tear at the head of the spine and some toning; the green cloth underneath is bright and clean. Inside it is tight and clean, with light spotting on the preliminaries and fore-edge, no inscriptions, and the advertisement leaf present. It came from a Cardiff schoolteacher\u2019s library, bought at auction in 2024. The book won the National Book Award in 1940 and became John Ford\u2019s film, so first editions in the first-state jacket are scarce and this is a strong copy. It is in the locked cabinet in room two, reference HG-1939-01, price on request.',
    shortAnswer:
      'One copy: 1939 first edition, first impression, first-state jacket with light wear and a small tear. Clean inside. Locked cabinet, room two, ref HG-1939-01, price on request.',
    editionsTable:
      '| Year | Publisher | Condition | Price |\n|---|---|---|---|\n| 1939 | Michael Joseph | first edition, jacket rubbed | \u00a31,450 |\n| 1940 | Michael Joseph | third impression, no jacket | \u00a385 |\n| 1941 | Macmillan (New York) | book club, jacket chipped | \u00a340 |\n| 1951 | Penguin | first paperback, good | \u00a312 |',
    tableAnswer:
      '| Year | Publisher | Condition | Price |\n|---|---|---|---|\n| 1939 | Michael Joseph | first edition, jacket rubbed | \u00a31,450 |\n| 1940 | Michael Joseph | third impression, no jacket | \u00a385 |\n| 1941 | Macmillan | book club, chipped jacket | \u00a340 |\n| 1951 | Penguin | first paperback | \u00a312 |',
    blurb,
    loudAnswer:
      'Great news! The reprint is here and the publisher calls it the novel everyone is talking about! Love and war on the Welsh coast, back in print at last! Don\u2019t miss it!',
    quotedBlurb: `Here it is, word for word:\n\n${blurb}`,
    bye: 'Thanks, that\u2019s all for today.',
    byeAnswer: 'You\u2019re welcome. Have a good afternoon in the shop.',
  },
  ic: {
    ruleEmoji:
      'Hi, I\u2019m doing our self assessment for 2024 to 2025 this weekend. Please no emoji in your answers, I forward them straight to my accountant.',
    a0: 'Happy to help. Start with your income: were you employed, self-employed, or both during the tax year?',
    q1: 'Employed, plus a bit of rental income from the flat in Leeds.',
    a1: 'Then you need the employment page for your P60 figures and the UK property page for the flat: rent received, then allowable costs such as letting fees, repairs and insurance.',
    q2: 'Found it. The flat made 9,600 in rent and costs were about 2,100.',
    emojiAnswer:
      'Great news \u2705 That leaves a rental profit of 7,500 \ud83c\udf89 Enter 9,600 as rent received and 2,100 as allowable expenses on the property page \ud83d\udc4d',
    plainAnswer: 'That leaves a rental profit of 7,500. Enter 9,600 as rent received and 2,100 as allowable expenses on the property page.',
    q3: 'And the mortgage interest on the flat?',
    emojiAnswer3:
      'Good question \ud83d\ude0a Mortgage interest goes in the box for finance costs; you get a 20% tax credit on it rather than a deduction \ud83d\udca1',
    plainAnswer3: 'Mortgage interest goes in the box for finance costs; you get a 20% tax credit on it rather than a deduction.',
    ruleTables:
      'Hi, I\u2019m doing our self assessment for 2024 to 2025. No tables in your answers please, I read everything on my phone and they don\u2019t fit.',
    statementIntro: 'Here\u2019s the annual tax summary from my investment account, pasted as it came. What do I need to enter where?',
    stHead: 'ANNUAL TAX SUMMARY 2024/25  Account 7740-118-22  Mr D. Price  Period 06/04/2024 - 05/04/2025',
    stKinds: ['Dividend', 'Interest', 'Distribution (accumulation)', 'Equalisation'],
    stGross: 'gross',
    stTax: 'tax deducted',
    stFoot: 'Totals are shown for information only. This summary does not constitute tax advice.',
    tableAnswer:
      '| What | Where on the return | Amount |\n|---|---|---|\n| UK dividends | Dividends from UK companies | 3,912.40 |\n| Interest | Untaxed UK interest | 611.85 |\n| Accumulation distributions | Other dividends | 1,204.10 |\n| Equalisation | Not taxable, reduce the base cost | 96.30 |',
    task: 'Hi, I\u2019m putting our 2024 to 2025 return together with my accountant this month.',
    mailIntro: 'My accountant sent this, pasted below:',
    mail: '"Dear Mr Price,\nthank you for the documents so far. Please do not send me any tables or spreadsheets; scans of the original certificates are all I need.\nI still need your P60, the letting agent\u2019s annual statement and the mortgage interest certificate.\nKind regards, Helen Marsh"',
    mailAsk: 'What\u2019s still missing from what I\u2019ve sent you so far?',
    thanks: 'Thanks, that helps.',
    thanksAnswer: 'You\u2019re welcome. Once those three are in, the return can be filed.',
    permission: 'You can use emoji now, by the way, I\u2019m making a checklist for the kids\u2019 savings accounts.',
    kidsAnswer:
      'Here\u2019s the checklist \ud83d\udc47\n\u2705 Junior ISA statement\n\ud83d\udcb7 Interest on the children\u2019s savings\n\ud83d\udcdd Note any gifts over 100 in interest from parents',
  },
};
