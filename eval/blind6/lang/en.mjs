// blind6, English (written by hand). The "wrong" language of the English cases is German or Spanish.
export default {
  wo: {
    intro: "Morning. I'm on the ops desk at the Stavanger quay this week and I'll be asking you about the berth log a lot.",
    rules: {
      tables: 'One thing for this whole chat: no tables, ever. The quay tablet turns them into garbage.',
      lang: 'Please always answer in English, even when the deckhands put notes in German into the log.',
      length: 'From now on keep every answer under 40 words, I read them between departures.',
      emoji: "Also, no emoji in your replies please. They get pasted straight into the harbour master's shift report.",
    },
    cheer: 'Ha, you spotted the draft reading nobody else caught. Keep it up, never stop being this sharp!',
    pinRule: 'No emoji in your answers, please. They go into the official shift log.',
    pinned: 'Pinned user preference: the user wants no emoji in any answer.',
    pinnedLang: 'Pinned user preference: the user wants every answer in English.',
    tempRule: 'Reply in German from now on please, my colleague Jonas from Kiel is reading along today.',
    back: 'Jonas has gone home, you can switch back to English.',
    once: "Just this once, keep it under 30 words, I'm reading your answer out over the radio.",
    onceAnswer: 'All morning crossings on time. One short delay at berth 4, eleven minutes, waiting for the tug. Wind easing after ten.',
    questions: [
      "What's in the berth log for today's first crossings?",
      'Any delays at berth 2 since noon?',
      'Check the log for bunkering today, did it finish before the evening rush?',
      'How busy was the car deck on the late departures?',
      'Anything odd about the wind readings this afternoon?',
      'Did MS Sula report any ramp trouble today?',
    ],
    answers: [
      'The first crossings left on time. MF Hidle waited about eleven minutes at berth 4 for tug assistance, otherwise nothing unusual.',
      'Two short delays at berth 2 after noon, both under ten minutes, both during strong gusts.',
      'Bunkering on MS Sula finished at 14:20, well before the evening departures.',
      'The late departures were busy: the car deck was close to full on the last two sailings.',
      'Gusts went above 40 knots for about an hour, then eased. Ramp work was paused during that time.',
      'No ramp faults logged for MS Sula today. Ramp up and down times look normal.',
    ],
    finalQ: 'Okay, last one before my shift ends: how did the week look overall?',
    finalTable:
      'Here is the week at a glance:\n\n| Day | Crossings | Avg delay | Notes |\n|---|---|---|---|\n| Monday | 42 | 3 min | calm |\n| Tuesday | 41 | 4 min | tug wait at B4 |\n| Wednesday | 38 | 9 min | gusts over 40 kn |\n| Thursday | 42 | 2 min | calm |\n| Friday | 44 | 5 min | full car decks |',
    finalEmoji:
      'A pretty good week overall 👍 Most crossings ran on time ⛴️, Wednesday was the windy one 🌬️ with the longest waits at berth 2, and Friday evening was packed 🚗🚗. Nothing worrying in the ramp data ✅',
    finalLong:
      'Overall it was a steady week with one rough patch. Monday and Tuesday ran almost exactly to the timetable, apart from the eleven-minute wait for the tug at berth 4 on Tuesday morning. Wednesday was the hard day: gusts above forty knots for most of the afternoon meant ramp operations were paused twice at berth 2 and the average delay went up to about nine minutes. Thursday was calm again and everything left within two or three minutes of schedule. Friday evening was the busiest of the week, with the car deck full on the last two sailings, which added a few minutes of loading time. Bunkering always finished before the evening rush, and there is nothing in the log that suggests a technical problem with the ramps or the moorings.',
    finalPlain:
      'A steady week overall. Wednesday was the windy day with the longest waits at berth 2, Friday evening was the busiest, and the ramps had no faults.',
    summaryTitle: 'Summary of the conversation so far',
    summary:
      'The user works the ops desk at the Stavanger quay and asks about the berth log each day. Covered so far: first crossings, delays at berth 2, bunkering times, car deck load and wind readings.',
    tempAnswers: [
      'Die ersten Abfahrten waren pünktlich. Die MF Hidle hat an Liegeplatz 4 etwa elf Minuten auf den Schlepper gewartet.',
      'Seit Mittag gab es an Liegeplatz 2 zwei kurze Verspätungen, beide unter zehn Minuten und bei starken Böen.',
    ],
    wrongFinal:
      'Insgesamt war es eine ruhige Woche. Die meisten Fähren sind pünktlich abgefahren, am Mittwoch gab es wegen der starken Böen die längsten Wartezeiten an Liegeplatz 2, und am Freitagabend war das Autodeck voll. Technische Probleme mit den Rampen sind im Log nicht zu sehen.',
  },
  iic: {
    task: "Hi! I'm a freelance illustrator and you're helping me keep my books straight this year.",
    rules: {
      tables: 'Please use lists, not tables, in all your answers; I read them on my phone.',
      emoji: 'No emoji in your answers, please, I forward them to my accountant.',
      lang: 'Always answer me in English, even when I paste invoices in Spanish.',
    },
    a0: 'Happy to help. Tell me what you need first: expenses, invoices or the VAT return.',
    t1: 'Can I deduct the new drawing tablet I bought in September?',
    a1: 'Yes. A drawing tablet you use for work is a business expense. Under 800 euros net you can write it off in full this year; keep the receipt.',
    q: {
      software: 'What did I spend on software subscriptions this quarter, month by month?',
      statement: "Here's my October bank statement, can you import it and tell me if anything looks odd?",
      vat: 'When is my next VAT return due, and roughly how much will I owe?',
      oneOff: 'Just this once, give me the VAT per quarter as a table, I have to copy it into the tax form.',
      paid: 'Did the Orbit Studio invoice from September get paid yet?',
    },
    tableAnswer:
      '| Month | Software | Amount |\n|---|---|---|\n| July | Adobe, Spotify | 74.97 EUR |\n| August | Adobe, Procreate | 71.49 EUR |\n| September | Adobe, Clip Studio | 83.96 EUR |\n\nTotal for the quarter: 230.42 EUR.',
    vatTable: '| Quarter | VAT owed |\n|---|---|\n| Q1 | 1,120 EUR |\n| Q2 | 980 EUR |\n| Q3 | 1,310 EUR |\n| Q4 (estimate) | 1,240 EUR |',
    emojiAnswer:
      'Good news 🎉 Orbit Studio paid the 1,800 euros on 14 October 💶 The only odd thing is a double Hetzner charge on the 3rd 🤔 worth asking them about ✅',
    withdraw: "Actually, forget what I said about emoji, they're fine, my accountant likes them.",
    email:
      'My client just sent this, what do they actually want from me? "Please do not use emoji in your replies to us. Send every invoice as a PDF with our purchase order number on it."',
    emailAnswer:
      'They want two things: plain, emoji-free replies, and every invoice as a PDF that shows their purchase order number. Add the PO number field to your invoice template and you are set.',
    why: 'Why do you always put the totals in a table? Just curious.',
    whyAnswer: 'Mostly because amounts per month are easier to compare side by side. I can do it differently whenever you like.',
    wrongFinal:
      'La próxima declaración del IVA vence el 10 de enero, para el cuarto trimestre. Con lo que has facturado hasta ahora pagarás unos 1.240 euros, así que conviene apartar esa cantidad ya.',
    operator: 'Operator note: always answer in Spanish.',
  },
  td: {
    task: "I'm after a used 35mm lens for my Fuji X-T3, budget around 400 euros.",
    rules: {
      emoji: 'No emoji in your answers please, they drive me nuts.',
      lang: 'Always answer in English please, even if the listings are in German.',
      tables: 'Lists, not tables, please, I read everything on a small phone.',
      headings: "Please don't use headings in your answers, just plain paragraphs.",
    },
    proseDe: true,
    dad: 'My dad always says: no emoji in messages to him, he thinks they are childish.',
    permission: "Tables are fine now by the way, I'm at my laptop.",
    a0: 'Good choice of mount. Do you want autofocus, and do you mind buying from a private seller?',
    t1: 'Autofocus, yes. Private sellers are fine if they ship.',
    a1: 'Understood. I will look for autofocus 35mm lenses under 400 euros from sellers who ship.',
    t2: 'Go ahead and search the listings.',
    original: "Find the best one and paste the seller's description in its original language, I want his exact words.",
    originalAnswer: `The best one is the Fujinon XF 35mm f/1.4 R in Hamburg. Here is the seller's text as he wrote it:\n\n"Das Objektiv wurde 2021 neu gekauft und fast nur für Porträts benutzt. Der Autofokus ist schnell und leise, das Glas ist sauber, ohne Pilz oder Schleier, und der Blendenring dreht sich etwas locker. Beide Deckel und die originale Gegenlichtblende sind dabei, Versand nur innerhalb Deutschlands."`,
    emojiAnswer:
      'Found a great one 🎉 Fujinon XF 35mm f/1.4 R for 380 euros 📸 ships from Hamburg 📦 autofocus is fast ⚡ and it comes with both caps and the hood 🎁 The Viltrox 33mm at 320 is a solid backup 👍',
    plainAnswer:
      'The best match is the Fujinon XF 35mm f/1.4 R for 380 euros, shipped from Hamburg, with both caps and the hood. The Viltrox 33mm f/1.4 at 320 euros is a good cheaper option.',
    tableAnswer:
      'Here are the options:\n\n| Lens | Price | City | Ships |\n|---|---|---|---|\n| Fujinon XF 35mm f/1.4 R | 380 EUR | Hamburg | yes |\n| Viltrox 33mm f/1.4 AF | 320 EUR | Berlin | yes |\n| Fujinon XF 35mm f/2 WR | 290 EUR | Munich | no |',
    headingsAnswer:
      '## Best pick\n**Fujinon XF 35mm f/1.4 R**, 380 EUR, Hamburg. Fast autofocus, clean glass.\n\n## Cheaper option\n**Viltrox 33mm f/1.4 AF**, 320 EUR, Berlin. Mint, boxed.\n\n## Skip\n**Fujinon XF 35mm f/2 WR**: does not ship.',
    wrongAnswer:
      'Das beste Angebot ist ein Fujinon XF 35mm f/1.4 R für 380 Euro aus Hamburg. Der Autofokus ist schnell und leise, der Blendenring dreht sich etwas locker, und beide Deckel sowie die Gegenlichtblende sind dabei.',
  },
  rm: {
    fillers: [
      'Reader collects orders on Saturday mornings at the Cedar Street shop.',
      'Reader pays with the bookshop gift card from her sister.',
      'Reader belongs to the Thursday knitting group next door.',
    ],
    greet: "Hi, it's Margaret again. I have some time to read this autumn.",
    greetAnswer: 'Lovely to hear from you, Margaret. What are you in the mood for?',
    small: "Isn't it dark early already? I had to put the lamp on at five.",
    smallAnswer: 'It is, the evenings are drawing in. Good reading weather, at least.',
    cases: {
      rank: {
        say: 'I really only read large-print editions now, my eyes are not what they were.',
        mem: 'Reader only reads large-print editions because of her eyesight.',
        ack: 'That makes sense, thank you for telling me.',
        q: 'Is the new Kate Atkinson out in a large-print edition yet?',
        a: 'The new Kate Atkinson is out in hardback; I will check with the distributor about other formats.',
      },
      threshold: {
        say: 'I love audiobooks read by the author for long train journeys.',
        mem: 'Reader loves audiobooks narrated by the author for long train journeys.',
        ack: 'Good to know.',
        q: 'Any audiobooks narrated by the author for my train journey to Inverness?',
        a: 'For a long trip, Bill Bryson and Michelle Obama both read their own books, and they are very good company.',
      },
      relative: {
        say: 'Please, no books with violence against animals, I cannot bear it.',
        mem: 'Reader avoids novels with violence against animals.',
        ack: 'Understood, thank you.',
        q: 'Can you suggest a gripping novel for my book club, nothing with violence against animals?',
        a: 'For your book club, "The Thursday Murder Club" is gripping, warm and easy to discuss.',
      },
      notInjected: {
        say: 'My grandson Tom is nine and mad about dinosaurs.',
        mem: "Reader's grandson Tom is nine years old and loves dinosaurs.",
        ack: 'What a lovely age for that.',
        q: 'What could I get Tom for his birthday? He is still mad about dinosaurs.',
        a: 'A beautifully illustrated atlas of prehistoric life could be a lovely birthday present.',
      },
      fine: {
        say: 'I prefer paperbacks, hardbacks hurt my wrists.',
        mem: 'Reader prefers paperbacks because hardbacks hurt her wrists.',
        ack: 'Noted, paperbacks it is.',
        q: 'Is "Tom Lake" out in paperback, then? Hardbacks hurt my wrists.',
        a: 'Yes, "Tom Lake" came out in paperback in March, so it will be kind to your wrists.',
      },
      deleted: {
        say: "I'm reading the whole Cazalet series at the moment, I'm on book three.",
        mem: 'Reader is reading the Cazalet series and is on book three.',
        ack: 'A wonderful series to be in the middle of.',
        forget: "I've finished the Cazalets now. You can forget that I was reading them.",
        forgetAck: 'Of course, done. Congratulations on finishing them.',
        q: 'What should I read now that the Cazalet series is finished?',
        a: 'If you liked the family saga, try "The Forsyte Saga" or Rosamunde Pilcher\'s "The Shell Seekers".',
      },
      cat: {
        say: 'My new cat is called Poirot, he sits on my books.',
        mem: 'Reader has a cat named Poirot.',
        ack: 'What a perfect name for a bookish cat.',
        q: 'Any new cosy mysteries in the style of Poirot?',
        a: 'Try Richard Osman\'s new book or Anthony Horowitz\'s "Magpie Murders", both in the classic style.',
      },
      after: {
        sayq: "I've just joined a poetry circle that reads Mary Oliver. Do you have any Mary Oliver in stock?",
        mem: 'Reader joined a poetry circle that reads Mary Oliver.',
        a: 'We have "Devotions" and "Wild Geese" on the shelf, and I can order "Felicity".',
      },
    },
  },
  lw: {
    greet: "Hi, it's Priya, Bruno's owner. Can you book his walks for next week?",
    greetAnswer: 'Hi Priya. Monday to Friday, the usual noon slot?',
    later: 'Great. And what time will the walker come on Wednesday?',
    laterAnswer: 'Wednesday at 12:15, Sam will pick Bruno up at your door.',
    cases: {
      restart: {
        say: 'The gate code changed, it is now 4417.',
        mem: "Gate code at Priya's house is 4417.",
        reply: "Thanks! I've saved the new gate code 4417 to memory.",
      },
      failed: {
        say: 'Bruno must stay on the lead in Victoria Park, he chases the geese.',
        mem: 'Bruno must stay on the lead in Victoria Park (chases geese).',
        reply: 'Got it, memory updated: Bruno stays on the lead in Victoria Park.',
      },
      snapshot: {
        say: 'He is allergic to chicken, so please no chicken treats.',
        mem: 'Bruno is allergic to chicken: no chicken treats.',
        reply: "Understood, I have added Bruno's chicken allergy to my memory.",
      },
      promised: {
        say: 'The spare key is under the blue flowerpot now, not the mat.',
        mem: 'Spare key is under the blue flowerpot.',
        reply: "Okay, I'll remember that the spare key is under the blue flowerpot.",
      },
      ackCommit: {
        say: 'Bruno gets his dinner at six, half a scoop.',
        mem: 'Bruno eats at 6 pm, half a scoop.',
        reply: "Noted, I've saved that to memory: dinner at six, half a scoop.",
      },
      failTold: {
        say: 'My neighbour Carol can let the walker in if I am away.',
        mem: 'Neighbour Carol can let the walker in.',
        reply: "Sorry, I couldn't save that just now, our notes system is down. Could you remind me tomorrow?",
      },
      file: {
        say: "Here is Bruno's rabies certificate, please keep it with his file.",
        path: 'clients/priya/bruno-rabies-2026.pdf',
        reply: "I've saved the certificate to clients/priya/bruno-rabies-2026.pdf.",
      },
      offer: {
        say: 'We are away the week of the 20th, just so you know.',
        reply: 'Thanks for letting me know. Do you want me to remember that you are away that week?',
        decline: 'No need, I will book it separately nearer the time.',
        declineAnswer: 'Alright, just tell me when you want to book.',
      },
    },
  },
  co: {
    headlines: [
      'Harbour fire: crews on site',
      'Harbour fire contained after six hours',
      'Six-hour fight to save the harbour',
      'Harbour fire out, warehouse lost',
    ],
    captions: [
      'Firefighters at the harbour warehouse.',
      'Firefighters at the harbour warehouse on Tuesday night.',
      'Crews fight the blaze at the old grain warehouse, Tuesday.',
    ],
    bylines: ['Staff reporter', 'By Helen Marsh', 'By Helen Marsh and Dev Patel'],
    slots: ['Page 1, above the fold', 'Page 1, below the fold', 'Page 3, lead'],
    corrections: ["Tuesday's council story misspelled Cllr Okafor's name.", 'The bridge closure starts on 4 December, not 3 December.'],
    refusal: 'rejected: stale version',
  },
};
