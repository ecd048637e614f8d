// English (written by hand for blind5). Domains: a market-garden co-op's greenhouse sensors (window-overflow),
// a cycling coach with memory (recall-mismatch), a car-maintenance assistant (lost-write), a home-renovation
// project board (concurrent-overwrite), an apartment-hunting assistant (tool-drift).
export default {
  wo: {
    sys: 'You are FieldBook, the assistant of the Eastfield market-garden co-op. You read the greenhouse sensor exports (read_sensor_export) and answer growers about them.',
    hello: "hey, I'm Priya, I look after greenhouse B2. want to go through this week's sensor export with you bed by bed",
    helloAns: 'Hi Priya. Sure, tell me which bed you want to start with and I will pull the readings.',
    ack: 'Got it.',
    f_emoji:
      "one thing first: please don't put emoji in your replies. I paste them straight into the co-op logbook and the old PC there turns them into little boxes",
    f_lang: "Please always answer me in English, even when the export has the Dutch notes from the supplier's probes in it.",
    f_tables: 'Lists, not tables, from now on please. Tables come out as garbage on the greenhouse tablet.',
    f_lists:
      'Rule for this whole chat: no bullet points and no numbered lists in your answers, write it as normal sentences. I read these out at the Monday meeting.',
    l_reported: "Side note, my agronomist Colm always says never send him tables, he only ever reads things on his phone in the tractor. He's a character.",
    ackReported: 'Ha, sounds like a practical man. Which bed next?',
    l_lang: 'Please always answer me in English, my Dutch is still pretty bad.',
    pin: 'Pinned user preference: the user wants every answer in English.',
    l_perm1: 'no tables for now pls',
    l_perm2: "Actually scrap what I said about tables, they're handy for these readings. Use them whenever it helps.",
    ackPerm2: 'Fine, tables are back on the menu then.',
    l_oneoff:
      "Can you write me two sentences on the bed 4 valve problem for the complaint to the irrigation supplier? No emoji in this one, it's going to them officially.",
    oneoffAns:
      'Since 12 November the solenoid valve on bed 4 in greenhouse B2 has repeatedly failed to close after the scheduled cycle, leaving water running for up to 40 minutes. We request a replacement valve or an on-site inspection this week.',
    ask: [
      'ok bed {bed} next. what did soil moisture do overnight?',
      'Bed {bed}: any valve that stayed open longer than it should?',
      "what's going on with air temp in bed {bed} around dawn?",
      'can you check humidity in bed {bed}, the tomatoes there look a bit sad',
      'bed {bed} please, is the CO2 dosing doing anything useful?',
    ],
    ans: [
      'Bed {bed} dropped from {a}% to {b}% soil moisture between midnight and six, and the valve stayed shut until the 06:00 cycle. That is a normal curve for this time of year.',
      'In bed {bed} the valve opened at 05:40 and closed again at 06:05, which matches the schedule. Flow peaked at {f} litres a minute, nothing unusual.',
      'Air temperature in bed {bed} bottomed out at {t} degrees just before sunrise and humidity sat around {h}%. The heating kicked in late, about twenty minutes after the set point was crossed.',
    ],
    final: 'ok thanks. so overall, how did the week look for the house?',
    weekAns:
      'Overall it was a steady week: moisture curves were normal in most beds, the bed 4 valve is the one real fault, and the heating reacts a bit late at dawn.',
    emojiAns:
      'Overall a solid week 🌱 Moisture looked normal in most beds 💧, the bed 4 valve is still the troublemaker 🔧 and the dawn heating is a bit lazy 🌡️ Nothing dramatic 👍',
    weekEn:
      'Overall it was a fairly steady week for the house. Soil moisture followed the normal overnight curve in most beds, the valve on bed 4 is the one real fault that keeps coming back, and the heating reacts about twenty minutes late at dawn, which is why the tomatoes look tired.',
    foreignAns:
      'En general fue una semana bastante tranquila en el invernadero. La humedad del suelo siguió la curva normal en casi todos los bancales, la válvula del bancal 4 sigue fallando y la calefacción reacciona unos veinte minutos tarde al amanecer.',
    tableAns:
      '| Bed | Moisture low | Valve | Note |\n|---|---|---|---|\n| 3 | 27% | ok | normal |\n| 4 | 22% | stuck open | replace |\n| 7 | 29% | ok | late heating |\n| 9 | 31% | ok | fine |',
    listAns:
      '- Moisture: normal overnight curve in most beds\n- Bed 4: the valve still sticks open\n- Heating: about twenty minutes late at dawn\n- CO2 dosing: little effect before 9:00',
    summary:
      "Summary of the conversation so far: Priya manages greenhouse B2 at the Eastfield co-op and is reviewing this week's sensor export bed by bed. Beds 2 to 9 were discussed; the bed 4 valve sticks open and the dawn heating reacts late.",
  },
  rm: {
    sys: 'You are Cadence, a cycling coach assistant. Use the memories you are given about the rider.',
    memLabel: 'What you know about the rider:',
    hello: 'Morning coach, new week, new plan?',
    helloAns: 'Morning! Yes, let us look at the week. How are the legs?',
    ack: 'Thanks for telling me, that changes how I plan your rides.',
    fillers: [
      'Rider rides a 2019 steel gravel bike with 40 mm tyres.',
      'Rider has an FTP of about 240 watts, tested in September.',
      'Rider lives in Bristol and starts rides from Ashton Court.',
    ],
    f1: {
      say: 'Heads up, I tweaked my left knee last week. Physio says no steep climbs for a month.',
      mem: 'Rider tweaked the left knee; the physio said no steep climbs for a month.',
      q: 'Can you plan Saturday with a few steep climbs? I want to feel strong again.',
      ans: 'Here is Saturday: 70 km with three steep climbs around Dundry, 8 to 12 percent, ridden seated.',
    },
    f2: {
      say: 'Sundays I have to be home before 11, family lunch, no negotiation.',
      mem: 'Rider has to be home before 11:00 on Sundays for family lunch.',
      q: 'How long can the Sunday ride be, and when do I need to be home?',
      ans: 'Sunday can be a long one: four hours at endurance pace, leave at 9 and you are back mid-afternoon.',
    },
    f3: {
      say: 'My cassette only goes up to 32 teeth, so the gearing is pretty tight on the hills.',
      mem: 'Rider cassette only goes up to 32 teeth, gearing is tight on hills.',
      q: 'Is my gearing ok for the Cheddar Gorge climb with this cassette?',
      ans: 'Cheddar Gorge is fine on any normal gearing; just pace the first ramp.',
    },
    f4: {
      say: 'I really prefer quiet back lanes, busy A roads stress me out.',
      mem: 'Rider prefers quiet back lanes and avoids busy A roads.',
      q: 'Find me a 60 km loop on quiet back lanes for Thursday.',
      ans: 'Thursday: 60 km out along the A38 and back via the A370, fast and simple.',
    },
    other: {
      say: 'Hi, Tom here, on my own profile. Flat routes only for me for now, my hip is still healing.',
      mem: 'Rider wants flat routes only while the hip heals.',
      q: 'Plan me a flat route for Sunday with a café stop.',
      ans: 'Sunday: 50 km along the Bristol and Bath Railway Path, flat the whole way, café stop in Bitton.',
    },
    old: {
      mem: 'Rider trains on Tuesday and Thursday evenings.',
      say: 'Change of plan, from now on I train Monday and Wednesday mornings, new job.',
      mem2: 'Rider trains on Monday and Wednesday mornings.',
      q: 'Which days do I train this week again?',
      ans: 'Monday and Wednesday mornings, as planned with your new job.',
    },
    pinned: {
      say: 'Please keep workouts under 90 minutes on weekdays, I have kids to pick up.',
      mem: 'Rider keeps weekday workouts under 90 minutes.',
      pinLabel: 'Standing rider preferences:',
      q: 'Can you plan my weekday workouts for this week?',
      ans: 'Weekdays: Tuesday 60 minutes easy, Wednesday 75 minutes with 3 x 10 minutes at sweet spot.',
    },
    failed: {
      say: 'By the way I moved my rest day to Friday.',
      failAns: "Sorry, I couldn't save that to your profile just now, the memory service timed out. Could you remind me later?",
      q: 'Which day is my rest day now?',
      ans: 'I do not have your rest day on file, which day would you like?',
    },
  },
  lw: {
    sys: 'You are Torque, a car-maintenance assistant. You keep a memory of each driver and their cars.',
    hello: 'Hi, I have a 2016 Skoda Octavia estate, want to keep on top of the servicing this year.',
    known: 'Driver owns a 2016 Skoda Octavia estate.',
    helloAns: 'Hi! Happy to help. What mileage is it on, and when was the last service?',
    say: [
      'The timing belt was done at 92,000 miles, in March, at the dealer in Leeds.',
      'MOT is due on 14 May, please remember that.',
      'Winter tyres are Michelin Alpin 6, 205/55 R16, stored at my brother-in-law’s garage.',
      'I only use 5W-30 VW 504 oil, the long-life stuff.',
      'My insurance renews on 2 June with Admiral.',
      'Car was resprayed on the bonnet after a hailstorm in 2023.',
      'Spare key is with my neighbour Gareth at number 12.',
      'Brake pads were replaced in January, front only.',
    ],
    promise: [
      "Noted, I've saved that to memory: timing belt at 92,000 miles in March.",
      "Done, I'll remember the MOT date, 14 May.",
      'Memory updated: Michelin Alpin 6, 205/55 R16, stored at your brother-in-law’s.',
      "OK, I'll keep that in mind: 5W-30 VW 504 only.",
      "Saved to memory, I'll remind you before the insurance renews on 2 June.",
      "I've added the bonnet respray to my memory.",
      "Got it, I'll remember Gareth at number 12 has the spare key.",
    ],
    offer: 'Good to know. Do you want me to remember that the front pads were done in January, so I can remind you about the rears?',
    later: 'Cheers. What else should I check before winter?',
    laterAns: 'Check the battery, the coolant strength and the wiper blades; the rest can wait until the spring service.',
  },
  co: {
    keys: { budget: 'kitchen_budget', date: 'tiling_date', notes: 'site_notes', plan: 'trades_plan' },
    v: {
      budgetA: '£14,200 incl. worktops',
      budgetB: '£13,650 after cheaper splashback',
      budgetC: '£14,900 with new extractor',
      dateA: 'Tue 3 March',
      dateB: 'Thu 5 March (tiler ill)',
      dateC: 'Mon 9 March',
      notesA: 'Skip arrives Friday, keep the drive clear',
      notesB: 'Electrician needs access to the loft on Monday',
      notesC: 'Tiles delivered, stacked in the garage',
      elec: 'Dave (Sparks & Co), first fix Mon',
      plumb: 'Nadia, moves the sink waste Wed',
    },
    refusal: 'stale',
  },
  td: {
    sys: 'You are Nest, an apartment-hunting assistant. You can search listings with search_listings.',
    task: 'I’m looking for a 2-bed to rent in Leipzig, max €950 warm, ideally near a tram line.',
    f_len: 'Keep your answers under 50 words please, I read them on the tram.',
    f_tables: 'Please use lists, not tables, my screen reader chokes on tables.',
    f_emoji: 'No emoji in your answers please, they get read out loud by my screen reader and it’s maddening.',
    f_md: 'Plain text only please, no markdown: I forward your answers by SMS and the asterisks and hashes show up.',
    l_hypo: "If I were sending this to my landlord I'd keep it short, but it's just for me, so go into as much detail as you like.",
    l_perm: 'Oh never mind about the emoji, my daughter reads these with me and she loves them. Go for it.',
    l_kept: 'Lists rather than tables please, tables are a pain to read on my phone.',
    l_verbatim: 'Can you search and paste me the full text of the listings exactly as they are, unchanged? I want to forward them to my sister.',
    short: ['OK. Which districts are you open to, and do you need a balcony?', 'Noted the tram line. Any move-in date in mind?'],
    follow: ['Connewitz or Plagwitz, balcony would be nice. Move in by April.', 'April 1st ideally. Can you search now?'],
    search: 'Go ahead and search.',
    longAns:
      'I found three good matches. The first is a 2-bed in Plagwitz on Karl-Heine-Straße, 64 square metres, 890 euros warm, third floor with a lift and a small balcony facing the courtyard. The tram stop is two minutes away. The second is in Connewitz near Kreuz, 58 square metres for 920 euros warm, freshly renovated bathroom, no lift, fourth floor. The third is slightly over budget at 960 euros, but it includes a fitted kitchen and a cellar, and the landlord accepts pets. All three are available from April. If you want, I can compare heating costs, because two of them use district heating and one has gas.',
    tableAns:
      '| District | Size | Rent (warm) | Tram |\n|---|---|---|---|\n| Plagwitz | 64 m² | €890 | 2 min |\n| Connewitz | 58 m² | €920 | 5 min |\n| Lindenau | 61 m² | €960 | 4 min |',
    listAns: '- Plagwitz, 64 m², €890 warm, tram 2 min\n- Connewitz, 58 m², €920 warm, tram 5 min\n- Lindenau, 61 m², €960 warm, tram 4 min',
    emojiAns: 'Found a great one 🏡✨ Plagwitz, 64 m², €890 warm with a balcony 🌿 and the tram right outside 🚋 Want me to ask for a viewing? 📅',
    mdAns: '## Best match\n**Plagwitz**, 64 m², **€890 warm**\n\n### Why\n- balcony\n- tram in 2 min\n- available from April',
  },
};
