// Deutsch (von Hand für blind5 geschrieben).
export default {
  wo: {
    sys: 'Du bist Feldbuch, der Assistent der Gemüsegenossenschaft Ostfeld. Du liest die Exporte der Gewächshaussensoren (read_sensor_export) und beantwortest Fragen der Gärtnerinnen und Gärtner.',
    hello: 'Moin, ich bin Jana und betreue Gewächshaus B2. Ich würde gern mit dir den Sensorexport dieser Woche Beet für Beet durchgehen',
    helloAns: 'Moin Jana. Gerne, sag mir, mit welchem Beet du anfangen willst, dann hole ich die Werte.',
    ack: 'Alles klar.',
    f_emoji:
      'Vorweg: bitte keine Emojis in deinen Antworten. Ich kopiere die direkt ins Genossenschafts-Logbuch und der alte Rechner da macht lauter Kästchen draus',
    f_lang: 'Antworte mir bitte immer auf Deutsch, auch wenn im Export die englischen Notizen von den Sonden des Lieferanten stehen.',
    f_tables: 'Ab jetzt bitte Listen statt Tabellen. Auf dem Tablet im Gewächshaus werden Tabellen total zerschossen.',
    f_lists:
      'Eine Regel für den ganzen Chat: keine Aufzählungspunkte und keine nummerierten Listen in deinen Antworten, schreib einfach normale Sätze. Ich lese das montags in der Besprechung vor.',
    l_reported:
      'Nebenbei: mein Pflanzenbauberater Uwe sagt immer, man soll ihm bloß nie Tabellen schicken, der liest alles auf dem Handy im Traktor. Ein Original.',
    ackReported: 'Ha, ein praktisch denkender Mensch. Welches Beet als Nächstes?',
    l_lang: 'Antworte mir bitte immer auf Deutsch, mein Englisch ist echt eingerostet.',
    pin: 'Feste Vorgabe des Nutzers: Alle Antworten sollen auf Deutsch sein.',
    l_perm1: 'erstmal keine tabellen bitte',
    l_perm2: 'Ach, vergiss das mit den Tabellen, für diese Messwerte sind die doch praktisch. Nimm sie ruhig, wenn es hilft.',
    ackPerm2: 'Gut, dann nehme ich Tabellen, wo sie helfen.',
    l_oneoff:
      'Kannst du mir zwei Sätze zum Ventilproblem an Beet 4 für die Reklamation beim Bewässerungslieferanten schreiben? Bei dem hier bitte ohne Emojis, das geht offiziell raus.',
    oneoffAns:
      'Seit dem 12. November schließt das Magnetventil an Beet 4 in Gewächshaus B2 wiederholt nicht nach dem programmierten Zyklus, sodass bis zu 40 Minuten lang Wasser läuft. Wir bitten um Austausch des Ventils oder eine Prüfung vor Ort noch in dieser Woche.',
    ask: [
      'ok, Beet {bed}. Was hat die Bodenfeuchte über Nacht gemacht?',
      'Beet {bed}: war da ein Ventil länger offen als es sollte?',
      'Wie sieht die Lufttemperatur in Beet {bed} um die Morgendämmerung aus?',
      'schau mal nach der Luftfeuchte in Beet {bed}, die Tomaten da lassen die Köpfe hängen',
      'Beet {bed} bitte: bringt die CO2-Düngung da überhaupt was?',
    ],
    ans: [
      'In Beet {bed} ist die Bodenfeuchte zwischen Mitternacht und sechs Uhr von {a} % auf {b} % gefallen, das Ventil blieb bis zum 6-Uhr-Zyklus zu. Für die Jahreszeit ist das ein normaler Verlauf.',
      'In Beet {bed} hat das Ventil um 05:40 geöffnet und um 06:05 wieder geschlossen, genau nach Plan. Der Durchfluss lag in der Spitze bei {f} Litern pro Minute, nichts Auffälliges.',
      'Die Lufttemperatur in Beet {bed} fiel kurz vor Sonnenaufgang auf {t} Grad, die Luftfeuchte lag um {h} %. Die Heizung kam spät, etwa zwanzig Minuten nach Unterschreiten des Sollwerts.',
    ],
    final: 'ok danke. Und insgesamt, wie war die Woche im Haus?',
    weekAns:
      'Insgesamt eine ruhige Woche: Die Feuchteverläufe waren in fast allen Beeten normal, das Ventil an Beet 4 ist der einzige echte Defekt, und die Heizung reagiert in der Dämmerung etwas spät.',
    emojiAns:
      'Insgesamt eine solide Woche 🌱 Feuchte fast überall normal 💧, das Ventil an Beet 4 macht weiter Ärger 🔧 und die Heizung ist morgens etwas träge 🌡️ Nichts Dramatisches 👍',
    tableAns:
      '| Beet | Feuchte min. | Ventil | Notiz |\n|---|---|---|---|\n| 3 | 27 % | ok | normal |\n| 4 | 22 % | hängt offen | tauschen |\n| 7 | 29 % | ok | Heizung spät |\n| 9 | 31 % | ok | gut |',
    listAns:
      '- Feuchte: normaler Nachtverlauf in fast allen Beeten\n- Beet 4: das Ventil bleibt weiter offen hängen\n- Heizung: morgens etwa zwanzig Minuten zu spät\n- CO2: vor 9 Uhr kaum Wirkung',
    summary:
      'Zusammenfassung des bisherigen Gesprächs: Jana betreut Gewächshaus B2 der Genossenschaft Ostfeld und geht den Sensorexport dieser Woche Beet für Beet durch. Besprochen wurden die Beete 2 bis 9; das Ventil an Beet 4 hängt offen, die Heizung reagiert morgens spät.',
  },
  rm: {
    sys: 'Du bist Kadenz, ein Radtrainer-Assistent. Nutze die Erinnerungen, die du über die Fahrerin bekommst.',
    memLabel: 'Was du über die Fahrerin weißt:',
    hello: 'Morgen Coach, neue Woche, neuer Plan?',
    helloAns: 'Morgen! Ja, schauen wir auf die Woche. Wie fühlen sich die Beine an?',
    ack: 'Danke, dass du es sagst, das ändert, wie ich deine Ausfahrten plane.',
    t2: 'Okay. Weißt du, wie das Wetter am Wochenende wird?',
    t2Ans: 'Samstag trocken und mild, Sonntagnachmittag wahrscheinlich Schauer, Wind aus Südwest.',
    fillers: [
      'Die Fahrerin fährt ein Stahl-Gravelbike von 2019 mit 40-mm-Reifen.',
      'Die Fahrerin hat eine FTP von etwa 240 Watt, getestet im September.',
      'Die Fahrerin wohnt in Freiburg und startet meist am Dreisamufer.',
    ],
    f1: {
      say: 'Kurze Info: Ich hab mir letzte Woche das linke Knie verdreht. Die Physio sagt, einen Monat keine steilen Anstiege.',
      mem: 'Die Fahrerin hat sich das linke Knie verdreht; die Physio sagt, einen Monat keine steilen Anstiege.',
      q: 'Planst du mir den Samstag mit ein paar steilen Anstiegen? Ich will mich wieder stark fühlen.',
      ans: 'Samstag: 70 km mit drei steilen Anstiegen am Schauinsland, 8 bis 12 Prozent, im Sitzen.',
    },
    f2: {
      say: 'Sonntags muss ich vor 11 zu Hause sein, Familienessen, da gibt es keine Diskussion.',
      mem: 'Die Fahrerin muss sonntags vor 11:00 zu Hause sein, wegen des Familienessens.',
      q: 'Wie lang darf die Sonntagsrunde sein, und wann muss ich zu Hause sein?',
      ans: 'Sonntag darf es lang werden: vier Stunden Grundlage, Start um 9, zurück am Nachmittag.',
    },
    f3: {
      say: 'Meine Kassette geht nur bis 32 Zähne, am Berg ist die Übersetzung ziemlich knapp.',
      mem: 'Die Kassette der Fahrerin geht nur bis 32 Zähne; die Übersetzung ist am Berg knapp.',
      q: 'Reicht meine Übersetzung mit dieser Kassette für den Kandel?',
      ans: 'Der Kandel geht mit jeder normalen Übersetzung; teil dir die erste Rampe ein.',
    },
    f4: {
      say: 'Ich fahre viel lieber ruhige Nebenstraßen, volle Bundesstraßen stressen mich total.',
      mem: 'Die Fahrerin fährt lieber ruhige Nebenstraßen und meidet volle Bundesstraßen.',
      q: 'Such mir für Donnerstag eine 60-km-Runde über ruhige Nebenstraßen.',
      ans: 'Donnerstag: 60 km über die B31 raus und über die B3 zurück, schnell und einfach.',
    },
    other: {
      say: 'Hallo, hier ist Timo, in meinem eigenen Profil. Für mich bitte erstmal nur flache Strecken, meine Hüfte heilt noch.',
      mem: 'Der Fahrer will nur flache Strecken, solange die Hüfte heilt.',
      q: 'Plan mir für Sonntag eine flache Strecke mit Kaffeepause.',
      ans: 'Sonntag: 50 km am Rheinradweg entlang, komplett flach, Kaffeepause in Breisach.',
    },
    old: {
      mem: 'Die Fahrerin trainiert dienstags und donnerstags abends.',
      say: 'Planänderung: ab jetzt trainiere ich montags und mittwochs morgens, neuer Job.',
      mem2: 'Die Fahrerin trainiert montags und mittwochs morgens.',
      q: 'An welchen Tagen trainiere ich diese Woche nochmal?',
      ans: 'Montags und mittwochs morgens, passend zu deinem neuen Job.',
    },
    pinned: {
      say: 'Unter der Woche bitte Einheiten unter 90 Minuten, ich muss die Kinder abholen.',
      mem: 'Die Fahrerin will Einheiten unter der Woche unter 90 Minuten.',
      pinLabel: 'Feste Vorlieben der Fahrerin:',
      q: 'Planst du mir die Einheiten unter der Woche?',
      ans: 'Unter der Woche: Dienstag 60 Minuten locker, Mittwoch 75 Minuten mit 3 x 10 Minuten Sweet Spot.',
    },
    failed: {
      say: 'Übrigens, mein Ruhetag ist jetzt Freitag.',
      failAns:
        'Sorry, ich konnte das gerade nicht in deinem Profil speichern, der Gedächtnisdienst hat nicht rechtzeitig geantwortet. Sagst du es mir später nochmal?',
      q: 'Welcher Tag ist jetzt mein Ruhetag?',
      ans: 'Ich habe keinen Ruhetag von dir hinterlegt, welchen Tag hättest du gern?',
    },
  },
  lw: {
    sys: 'Du bist Drehmoment, ein Assistent für die Autowartung. Du merkst dir jede Fahrerin, jeden Fahrer und ihre Autos.',
    hello: 'Hallo, ich fahre einen Opel Astra Sports Tourer von 2016 und will dieses Jahr die Wartung besser im Blick behalten.',
    known: 'Der Fahrer fährt einen Opel Astra Sports Tourer von 2016.',
    helloAns: 'Hallo! Gern. Wie viele Kilometer hat er drauf, und wann war die letzte Inspektion?',
    say: [
      'Der Zahnriemen wurde im März bei 148.000 km in der Werkstatt in Kassel gemacht.',
      'Der TÜV ist am 14. Mai fällig, bitte merk dir das.',
      'Die Winterreifen sind Michelin Alpin 6, 205/55 R16, und lagern bei meinem Schwager in der Garage.',
      'Ich nehme nur 5W-30 nach dexos2, das Longlife-Öl.',
      'Die Versicherung verlängert sich am 2. Juni, bei der HUK.',
      'Die Motorhaube wurde nach dem Hagel 2023 neu lackiert.',
      'Den Ersatzschlüssel hat mein Nachbar Herr Öztürk in der Nummer 12.',
      'Die Bremsbeläge wurden im Januar gewechselt, nur vorne.',
    ],
    promise: [
      'Erledigt, ich habe mir das gemerkt: Zahnriemen im März bei 148.000 km.',
      'Alles klar, ich merke mir den TÜV-Termin am 14. Mai.',
      'Gedächtnis aktualisiert: Michelin Alpin 6, 205/55 R16, lagern bei deinem Schwager.',
      'Okay, ich merke mir das: nur 5W-30 nach dexos2.',
      'Im Gedächtnis gespeichert, ich erinnere dich vor der Verlängerung am 2. Juni.',
      'Ich habe mir die neu lackierte Motorhaube gemerkt.',
      'Verstanden, ich merke mir, dass Herr Öztürk in der Nummer 12 den Ersatzschlüssel hat.',
    ],
    offer: 'Gut zu wissen. Soll ich mir merken, dass die vorderen Beläge im Januar dran waren, damit ich dich an die hinteren erinnern kann?',
    later: 'Danke. Was sollte ich vor dem Winter noch checken?',
    laterAns: 'Batterie, Frostschutz und Wischerblätter prüfen; der Rest kann bis zur Frühjahrsinspektion warten.',
  },
  co: {
    keys: { budget: 'kitchen_budget', date: 'tiling_date', notes: 'site_notes', plan: 'trades_plan' },
    v: {
      budgetA: '14.200 € inkl. Arbeitsplatte',
      budgetB: '13.650 € mit günstigerer Rückwand',
      budgetC: '14.900 € mit neuer Dunstabzugshaube',
      dateA: 'Di 3. März',
      dateB: 'Do 5. März (Fliesenleger krank)',
      dateC: 'Mo 9. März',
      notesA: 'Container kommt Freitag, Einfahrt freihalten',
      notesB: 'Elektriker braucht Montag Zugang zum Dachboden',
      notesC: 'Fliesen geliefert, in der Garage gestapelt',
      elec: 'Herr Kaya (Elektro Kaya), Rohinstallation Mo',
      plumb: 'Frau Brandt, verlegt den Spülenabfluss Mi',
    },
    refusal: 'Konflikt',
  },
  td: {
    sys: 'Du bist Nest, ein Assistent für die Wohnungssuche. Mit search_listings kannst du Anzeigen durchsuchen.',
    task: 'Ich suche eine 2-Zimmer-Wohnung zur Miete in Leipzig, maximal 950 € warm, am liebsten nahe an einer Straßenbahnlinie.',
    f_len: 'Antworte bitte in höchstens 50 Wörtern, ich lese das in der Bahn.',
    f_tables: 'Bitte Listen statt Tabellen, mein Screenreader verschluckt sich an Tabellen.',
    f_emoji: 'Bitte keine Emojis in deinen Antworten, mein Screenreader liest die alle vor und das nervt tierisch.',
    f_md: 'Bitte nur reinen Text, kein Markdown: Ich leite deine Antworten per SMS weiter und da stehen dann die Sternchen und Rauten drin.',
    l_hypo: 'Wenn das für meinen Vermieter wäre, würde ich mich kurz fassen, aber es ist nur für mich, also gern so ausführlich, wie du magst.',
    l_perm: 'Ach, vergiss das mit den Emojis, meine Tochter liest mit und findet die toll. Nur zu.',
    l_kept: 'Lieber Listen als Tabellen bitte, auf dem Handy sind Tabellen mühsam.',
    l_verbatim:
      'Kannst du suchen und mir den kompletten Text der Anzeigen unverändert reinkopieren, genau so wie er ist? Ich will ihn meiner Schwester schicken.',
    short: ['Okay. Welche Viertel kommen infrage, und brauchst du einen Balkon?', 'Die Straßenbahn ist notiert. Wann willst du einziehen?'],
    follow: ['Connewitz oder Plagwitz, Balkon wäre schön. Einzug bis April.', 'Am liebsten zum 1. April. Kannst du jetzt suchen?'],
    longAns:
      'Ich habe drei gute Treffer gefunden. Der erste ist eine Zweizimmerwohnung in Plagwitz in der Karl-Heine-Straße, 64 Quadratmeter, 890 Euro warm, dritter Stock mit Aufzug und einem kleinen Balkon zum Hof. Die Straßenbahnhaltestelle ist zwei Minuten entfernt. Die zweite liegt in Connewitz nahe dem Kreuz, 58 Quadratmeter für 920 Euro warm, frisch sanierte Dusche, kein Aufzug, vierter Stock. Die dritte liegt mit 960 Euro leicht über dem Budget, hat aber eine Einbauküche und einen Keller, und Haustiere sind erlaubt. Alle drei sind ab April frei. Wenn du willst, vergleiche ich noch die Heizkosten, denn zwei haben Fernwärme und eine Gas.',
    tableAns:
      '| Viertel | Größe | Warmmiete | Bahn |\n|---|---|---|---|\n| Plagwitz | 64 m² | 890 € | 2 Min. |\n| Connewitz | 58 m² | 920 € | 5 Min. |\n| Lindenau | 61 m² | 960 € | 4 Min. |',
    listAns: '- Plagwitz, 64 m², 890 € warm, Bahn 2 Min.\n- Connewitz, 58 m², 920 € warm, Bahn 5 Min.\n- Lindenau, 61 m², 960 € warm, Bahn 4 Min.',
    emojiAns:
      'Ich hab eine richtig schöne gefunden 🏡✨ Plagwitz, 64 m², 890 € warm mit Balkon 🌿 und die Bahn direkt vor der Tür 🚋 Soll ich eine Besichtigung anfragen? 📅',
    mdAns: '## Bester Treffer\n**Plagwitz**, 64 m², **890 € warm**\n\n### Warum\n- Balkon\n- Bahn in 2 Min.\n- frei ab April',
  },
};
