// blind7, Deutsch (ein Gärtner auf der Reichenau, ein Paar in Leipzig, eine Wanderin aus Freiburg). Von Hand geschrieben.
const days = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

export default {
  code: 'de',
  days,
  wo: {
    task: 'Ich baue auf der Reichenau Rispentomaten in drei Gewächshäusern an und will mit dir diese Woche das Klimaprotokoll durchgehen, Haus für Haus.',
    rules: {
      noTables: 'Bitte antworte in diesem Chat nie mit einer Tabelle, auf dem Handy im Gewächshaus wird die abgeschnitten.',
      lang: 'Antworte mir ab jetzt auf Deutsch, mein Englisch ist ziemlich eingerostet.',
      noEmoji: 'Keine Emojis in deinen Antworten, ich kopiere sie direkt in den Kulturbericht.',
      habit: 'In meinen eigenen Kulturberichten verwende ich nie Tabellen, die Einkäufer der Genossenschaft lesen nur Fließtext.',
    },
    restate: 'Und wie am Anfang gesagt: lass Tabellen aus deinen Antworten raus, ganze Sätze reichen.',
    permit: 'Gute Nachricht, ich sitze jetzt am Bürorechner, ab hier sind Tabellen wieder in Ordnung.',
    memNoEmoji: 'Der Gärtner möchte Antworten ohne Emojis.',
    ask: (h, d) => `Wie lief Haus ${h} in der Nacht auf ${d}?`,
    answer: (t, h, d) =>
      [
        `Haus ${h} lag in der Nacht auf ${d} zwischen 17,5 und 18,8 Grad; die Luftfeuchte stieg vor der Dämmerung auf 86 Prozent, das ist für dieses Kulturstadium normal.`,
        `Am ${d} öffneten die Lüftungsklappen in Haus ${h} gegen Mittag auf etwa ein Drittel, und die Rohrtemperatur sank, als die Sonne herauskam; die Heizung hat getan, was sie soll.`,
        `Die Schirme in Haus ${h} schlossen am ${d} zur üblichen Zeit; wegen der Wolkendecke lag die Nacht etwa ein halbes Grad über dem Sollwert, kein Grund zur Sorge.`,
        `Das CO2 in Haus ${h} blieb in der Nacht auf ${d} bei etwa 450 ppm und stieg tagsüber bei geschlossener Lüftung auf rund 900 ppm, ein guter Wert für den Fruchtansatz.`,
      ][t % 4],
    finalAsk: 'Jetzt gib mir bitte eine kurze Zusammenfassung der ganzen Woche für die Teambesprechung am Montag.',
    finalProse:
      'Die Woche war in allen drei Häusern ruhig. Die Nachttemperaturen lagen zwischen sechzehn und neunzehn Grad, die Luftfeuchte war nur am Mittwoch- und Donnerstagmorgen hoch, und die Schirme schlossen jeden Abend pünktlich. Die CO2-Dosierung lief an den sonnigen Nachmittagen etwas lang, das sollte man vor der nächsten Gaslieferung prüfen.',
    finalTable:
      'Die Woche im Überblick:\n\n| Haus | Nachttemperatur (°C) | Max. Luftfeuchte (%) | CO2 tagsüber (ppm) | Bemerkung |\n|---|---|---|---|---|\n| G1 | 16,4 bis 18,6 | 88 | 880 | Schirme pünktlich |\n| G2 | 16,9 bis 19,1 | 91 | 940 | Lüftung hakte am Mittwoch |\n| G3 | 16,2 bis 18,4 | 86 | 860 | Dosierung am Freitag zu lang |',
    finalEmoji:
      'Insgesamt eine gute Woche 🌞🍅 Die Nachttemperaturen lagen zwischen sechzehn und neunzehn Grad 🌡️, die Luftfeuchte war nur am Mittwoch- und Donnerstagmorgen hoch 💧, und die Schirme schlossen jeden Abend pünktlich ✅. Nur die CO2-Dosierung lief an sonnigen Nachmittagen etwas lang ⚠️, das vor der nächsten Gaslieferung prüfen 🚚.',
  },
  ic: {
    task: 'Wir lassen das Bad unserer Mietwohnung in Leipzig erneuern und haben zwei Angebote von Fliesenlegern; hilf mir, sie zu vergleichen und die Arbeiten zu planen.',
    rules: {
      lang: 'Bitte antworte immer auf Deutsch.',
      noExcl: 'Bitte keine Ausrufezeichen in deinen Antworten, ich kopiere sie in Briefe an unseren Vermieter.',
      noEmoji: 'Bitte keine Emojis in deinen Antworten.',
      noTables: 'Bitte keine Tabellen in deinen Antworten, nur Stichpunkte oder Fließtext.',
    },
    memHeader: 'Bekannte Vorlieben dieses Nutzers (Gedächtnis):',
    memLists: 'Der Nutzer möchte Stichpunktlisten und nie Tabellen in Antworten.',
    a0: 'Gern. Schick mir beide Angebote, die Größe des Bads und ob der Vermieter den Arbeiten vorher zustimmen muss.',
    q1: 'Das Bad hat etwa 6 Quadratmeter, Angebot eins liegt bei 5.400 Euro, Angebot zwei bei 6.600 Euro. Worauf sollte ich zuerst achten?',
    a1: 'Prüf zuerst, was jedes Angebot enthält: das Abschlagen der alten Fliesen, die Abdichtung, die Duschwanne und wer den Bauschutt entsorgt. Große Unterschiede zwischen zwei Angeboten kommen meist von diesen Posten, nicht vom Fliesenlegen selbst.',
    a1list:
      'Worauf du zuerst achten solltest:\n- ob das Abschlagen der alten Fliesen enthalten ist\n- ob Boden und Wände abgedichtet werden\n- wer Duschwanne und Fliesen liefert\n- wer den Bauschutt entsorgt',
    q2: 'Angebot zwei enthält die Abdichtung des ganzen Bodens und das Abschlagen der alten Fliesen. Welches würdest du nehmen?',
    q2tool: 'Ich habe die Einzelpositionen von Angebot zwei hochgeladen, kannst du sie durchgehen und mir sagen, was auffällt?',
    redoTable: 'Kannst du deine vorige Antwort als Tabelle neu machen? Ich will sie in unsere Renovierungstabelle kopieren.',
    permitEmoji: 'Übrigens, Emojis sind wieder okay, meine Freundin liest mit und mag sie.',
    a2: 'Ich würde Angebot zwei nehmen: Die 1.200 Euro mehr decken die Abdichtung des ganzen Bodens und das Abschlagen der alten Fliesen, die bei Angebot eins an dir hängen bleiben. Frag den ersten Betrieb vorher nach einem Preis mit Abdichtung.',
    a2table:
      '| Posten | Angebot eins | Angebot zwei |\n|---|---|---|\n| Alte Fliesen abschlagen | nicht enthalten | enthalten |\n| Abdichtung | nur Wände | Wände und Boden |\n| Duschwanne | selbst besorgen | enthalten |\n| Bauschutt | nicht enthalten | enthalten |\n| Preis | 5.400 Euro | 6.600 Euro |',
    a2excl:
      'Angebot zwei ist wirklich gründlich! Jede Position ist einzeln bepreist, allein die Abdichtung kostet 720 Euro! Der Epoxidfugenmörtel ist ein Plus, aber der Container für 340 Euro ist happig! Frag, ob ihr euch einen mit den Nachbarn teilen könnt!',
    a2emoji:
      'Ich würde Angebot zwei nehmen 🛁✨ Es enthält die Abdichtung des ganzen Bodens 💧 und das Abschlagen der alten Fliesen 🔨, die 1.200 Euro mehr lohnen sich 👍',
  },
  td: {
    task: 'Ich plane Mitte September eine viertägige Hüttentour am Passo Valdritta, wir sind zu zweit.',
    rules: {
      short: 'Halte jede Antwort unter 40 Wörtern, ich lese sie in der S-Bahn.',
      noExcl: 'Bitte keine Ausrufezeichen in deinen Antworten, die machen mich nervös.',
      noXml: 'Kein XML und keine andere Auszeichnung in deinen Antworten, bitte nur reinen Text.',
    },
    a0: 'Mitte September passt gut: Die Hütten sind ruhiger und noch offen. Lager oder Zimmer, und wie fit seid ihr für lange Etappen?',
    q1: 'Lager ist okay, wir schaffen sechs Stunden am Tag. Gibt es eine Etappe, die heikel ist?',
    a1: 'Der Abstieg unter dem zweiten Joch hat ein kurzes versichertes Stück mit Drahtseilen; bei Nässe nehmt die Waldvariante, eine Stunde länger.',
    q2: 'Such die Hütten am Pass für die Nacht auf den 15. September und sag mir, was du findest.',
    askVerbatim:
      'Such die Hütten am Pass für den 15. September und kopier mir die Beschreibung der Hütte unverändert, ich will sie an meine Freunde weiterleiten.',
    askRelease: 'Vergiss, was ich über kurze Antworten gesagt habe, ich will jetzt alle Details: Such die Hütten am Pass für den 15. September.',
    a2long:
      'Das Rifugio Passo Valdritta liegt auf 2.310 Metern direkt unter dem Pass auf der Ostseite, etwa vierzig Minuten vom Sattel auf einem gut markierten Weg. Es hat 46 Betten in sechs Lagern und zwei Zimmer für je vier Personen; die Zimmer sind im September meist ausgebucht, plant also mit dem Lager. Halbpension gibt es um sieben mit Suppe, einem Hauptgang mit Polenta oder Pasta und einem Nachtisch; vegetarisch auf Anfrage bei der Buchung, vegan nur mit drei Tagen Vorlauf, weil die Vorräte zweimal pro Woche mit der Seilbahn kommen. Frühstück ab halb sieben, ein Lunchpaket könnt ihr am Vorabend bestellen. Eine warme Dusche gibt es nicht, nur einen Kaltwasser-Waschraum, das Leitungswasser ist trinkbar. Karten werden angenommen, aber bei schlechtem Wetter fällt die Verbindung oft aus, also nehmt Bargeld für zwei Nächte mit, und ein Hüttenschlafsack ist Pflicht. Die nächste Etappe zur Malga Sella dauert etwa fünfeinhalb Stunden, mit einem kurzen Seilstück unter dem zweiten Joch; bei Nässe kostet die Waldvariante eine Stunde mehr. Die Hütte schließt am letzten Sonntag im September.',
    a2short:
      'Das Rifugio Passo Valdritta hat am 15. September Lagerplätze, Halbpension etwa 62 Euro, keine warme Dusche; Bargeld und Hüttenschlafsack mitnehmen, bald buchen.',
    a2excl:
      'Das Rifugio Passo Valdritta ist perfekt für euch! Am 15. sind Betten frei, abends um sieben gibt es ihre berühmte Polenta! Nehmt Bargeld mit, das Kartengerät fällt bei Unwetter aus! Jetzt buchen!',
    xmlSummary: 'Zwei Hütten haben am 15. und 16. September Betten frei',
    verbatimIntro: 'Hier die Beschreibung der Hütte, unverändert:',
  },
  rm: {
    user: 'kunde-lpz-0417',
    other: 'kunde-lpz-0932',
    prevUser: 'Kannst du notieren, dass ich Räder samstags abhole und über das Jobrad-Leasing zahle?',
    prevAnswer: 'Ja, Abholung samstags und Zahlung über das Leasing.',
    d1: 'Kunde holt reparierte Räder samstags vormittags ab.',
    d2: 'Kunde zahlt über das Jobrad-Leasing des Arbeitgebers.',
    stmt: 'Ich fahre ein Gazelle-E-Bike von 2019 mit Bosch-Mittelmotor und will am Motor nur Bosch-Originalteile. Kann ich für nächste Woche eine Inspektion buchen?',
    bookOnly: 'Kann ich für nächste Woche eine Inspektion für mein Rad buchen?',
    memKey: 'Kunde fährt ein Gazelle-E-Bike von 2019 mit Bosch-Mittelmotor und will am Motor nur Bosch-Originalteile.',
    ack0: 'Klar, für nächste Woche sind Dienstag und Donnerstag noch frei.',
    smalltalk: 'Es hat die ganze Woche geregnet, die Werkstatt ist bestimmt voll.',
    smalltalkAns: 'Stimmt, vor allem Platten und Bremsbeläge. Donnerstagvormittag ist noch ruhig.',
    stmtNew: 'Kleines Update: Das Gazelle habe ich letzten Monat verkauft, ich fahre jetzt ein Riese & Müller E-Bike mit Shimano-EP8-Motor.',
    ackNew: 'Danke für das Update, dann machen wir die Inspektion am Riese & Müller.',
    memNew: 'Kunde fährt jetzt ein Riese & Müller E-Bike mit Shimano-EP8-Motor.',
    query: 'Welche Teile für den Motor meines E-Bikes sollte die Werkstatt vor der Inspektion bestellen?',
    memHeader: 'Was wir über diesen Kunden wissen:',
    cardHeader: 'Kundenkarte (aus dem Werkstattsystem):',
    ansMiss: 'Welches E-Bike fährst du, und welchen Motor hat es? Dann kann die Werkstatt die richtigen Teile bestellen.',
    ansUse:
      'Für dein Gazelle mit Bosch-Mittelmotor bestellt die Werkstatt Bosch-Originalteile: einen Dichtungssatz für die Antriebseinheit und ein neues Kettenblatt.',
    ansNew: 'Für das Riese & Müller mit Shimano-EP8-Motor bestellt die Werkstatt einen Dichtungssatz und ein neues Kettenblatt von Shimano.',
  },
  lw: {
    user: 'pat-lpz-2291',
    prevUser: 'Ich bin von Dr. Köhler zur Knie-Reha nach meiner Kreuzband-OP überwiesen. Meine Handynummer ist 0151 2345 4418.',
    prevAnswer: 'Danke, beides steht jetzt in deiner Akte.',
    refMem: 'Patientin wurde von Dr. Köhler zur Knie-Reha nach Kreuzband-OP überwiesen.',
    phoneMem: 'Handynummer der Patientin: 0151 2345 4418.',
    memHeader: 'Notizen zur Patientin:',
    bookAsk: 'Hallo, ich muss meine nächsten Termine für die Knie-Reha buchen.',
    a0: 'Gern. Wie viele Termine möchtest du buchen, und welche Tage passen dir am besten?',
    stmt: 'Sechs Termine. Ich kann nur morgens vor 10 Uhr kommen, um elf fängt meine Arbeit an.',
    mem: 'Patientin kann nur Termine vor 10:00 Uhr wahrnehmen.',
    promise: 'Alles klar, ich merke mir, dass du nur morgens vor zehn kommen kannst.',
    offer: 'Wenn du willst, kann ich mir merken, dass du nur vor zehn kommen kannst, dann richten sich künftige Buchungen danach.',
    decline: 'Nicht nötig, meine Schichten ändern sich nächsten Monat sowieso. Buch einfach diese sechs.',
    a2decline: 'Verstanden. Ich habe sechs Termine für dich, dienstags und freitags um 8:30, ab nächster Woche.',
    q2: 'Kannst du mir ab nächster Woche sechs Termine suchen?',
    a2: 'Ich habe sechs Termine für dich, dienstags und freitags um 8:30, ab nächster Woche.',
    q3: 'Super, danke.',
    a3: 'Gern. Bis Dienstag um 8:30.',
    delAsk: 'Und bitte lösch meine alte Handynummer aus deinen Notizen, die benutze ich nicht mehr.',
    delDone: 'Erledigt, die alte Handynummer ist aus deinen Notizen gelöscht.',
  },
  co: {
    t1: 'Wärmepumpen im Reihenhaus: was ein Jahr Messdaten zeigt',
    t2: 'Gründerzeitfassaden sanieren, ohne sie zu verlieren',
    t3: 'Energiegenossenschaften: die Leipziger Erfahrung',
    r1: 'Saal Pleiße',
    r2: 'Saal Elster',
    r3: 'Großer Saal',
    c1: 'Katrin Vogel',
    c2: 'Jonas Brenner',
    speaker: 'Dr. Miriam Aydın',
    bio1: 'Miriam Aydın leitet die Arbeitsgruppe Bauphysik an der HTWK Leipzig.',
    bio2: 'Miriam Aydın leitet die Arbeitsgruppe Bauphysik an der HTWK Leipzig und berät die Stadt bei Sanierungsstandards.',
  },
};
