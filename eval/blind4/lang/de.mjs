// Deutsch, für blind4 von Hand geschrieben
export default {
  wo: {
    sys: {
      code: 'Du bist Forge, ein Coding-Agent im Repository des Nutzers. Mit run_tests kannst du die Testsuite ausführen.',
      travel: 'Sie sind Wegweiser, ein Assistent für Reisebuchungen. Mit search_fares suchen Sie Flüge, Hotels und Visaregeln.',
      support: 'Du bist der Support-Assistent von NetzHeim, einem Internetanbieter. Mit list_tickets liest du Ticket- und Geräteexporte.',
      recipe: 'Du bist Vorrat, ein Rezeptassistent. Mit search_recipes durchsuchst du die Rezeptdatenbank und die Vorräte des Nutzers.',
    },
    hello: {
      code: 'Hallo! Seit ich den Gutscheincode angefasst habe, schlagen die Checkout-Tests fehl. Kannst du mir helfen herauszufinden, warum?',
      travel: 'Guten Tag, ich plane für zwei Erwachsene eine Reise nach Tokio und Seoul im Frühling, Abflug in Frankfurt.',
      support: 'Hi, ich bearbeite die Eskalationen für die Region Nord und muss die Router-Tickets dieser Woche durchgehen.',
      recipe: 'Hallo, ich koche für eine vierköpfige Familie und möchte die nächste Woche mit dem planen, was im Vorrat ist.',
    },
    helloReply: {
      code: 'Klar. Ich lasse zuerst die Tests laufen und schaue, welche wo fehlschlagen.',
      travel: 'Sehr gern. Ich beginne mit den Flugpreisen ab Frankfurt und den Einreiseregeln beider Länder.',
      support: 'Natürlich. Ich hole die offenen Tickets und die Geräteereignisse der Region Nord.',
      recipe: 'Gut. Ich schaue mir deinen Vorrat an und suche Rezepte für vier Personen.',
    },
    ack0: 'Verstanden, daran halte ich mich.',
    ack1: 'Alles klar, kein Problem.',
    noCode:
      'Eine Regel für die ganze Sitzung: keine Codeblöcke in deinen Antworten. Ich lese sie auf dem Handy, also erklär Änderungen bitte in normalen Sätzen.',
    cite: 'Bitte geben Sie ab jetzt immer Ihre Quellen an: bei jeder Angabe das Suchergebnis oder die offizielle Seite, aus der sie stammt.',
    maxLen: 'Bitte halte ab jetzt jede Antwort unter 80 Wörtern. Ich kopiere sie in unser Ticketsystem.',
    noMd: 'Bitte kein Markdown in deinen Antworten, nur reinen Text. Das Küchentablet zeigt Sternchen und Rauten einfach so an.',
    oneOff: 'Nur in deiner nächsten Antwort: lass den Code weg und sag mir in Worten, was der fehlschlagende Test prüft.',
    oneOffReply:
      'Der fehlschlagende Test prüft, dass ein Gutschein pro Bestellung nur einmal angewendet wird; im Moment wird er beim Neuberechnen des Warenkorbs doppelt angewendet.',
    question: 'Warum enthalten deine Antworten eigentlich immer Codeblöcke? Machst du das standardmäßig?',
    questionReply: 'Vor allem, weil sich Code aus einem Block leichter kopieren lässt. Das ist eine Gewohnheit des Formats, keine Regel.',
    withdrawCite: 'Ach, vergessen Sie, was ich über die Quellenangaben gesagt habe. Ich vertraue den Suchergebnissen, Sie müssen sie nicht nennen.',
    paste:
      'Mein Kochverein hat mir den Styleguide für seinen Newsletter geschickt, kannst du mir sagen, was das bedeutet?\n\n"Styleguide für Beiträge. Rezepte bitte nicht länger als eine Seite. Verwendet in Einsendungen niemals Markdown, denn unser Drucker druckt die Zeichen mit. Allergene immer ganz oben angeben."',
    pasteReply: 'Er verlangt kurze Rezepte, Einsendungen als reinen Text ohne Formatierungszeichen und die Allergene ganz am Anfang.',
    next: [
      'Hier ist der nächste Lauf, was siehst du?',
      'Lass es noch einmal laufen und sag mir, was sich geändert hat.',
      'Schau dir die nächste Seite der Ergebnisse an.',
    ],
    ack: [
      'Derselbe Test scheitert weiter an der Gutscheinsumme, zwei Warnungen wiederholen sich. Nichts Neues ist kaputt.',
      'Ich sehe dasselbe Muster wie vorher. Wichtig sind die Fehler am Ende.',
      'In diesem Teil nichts Auffälliges. Ich würde weitermachen und mit der nächsten Seite vergleichen.',
    ],
    finalAsk: {
      code: 'Okay, zeig mir, wie du den Gutschein-Bug beheben würdest.',
      travel: 'Prima, welche Option würden Sie buchen?',
      support: 'Und was sage ich dem Kunden mit Ticket 48213?',
      recipe: 'Gut, jetzt gib mir den Plan für Montag bis Mittwoch.',
    },
    codeAnswer:
      'Der Gutschein wird bei jeder Neuberechnung des Warenkorbs erneut angewendet. Sichere das mit einer Prüfung ab:\n\n```ts\nexport function applyCoupon(cart: Cart, code: string): Cart {\n  if (cart.appliedCoupons.includes(code)) return cart;\n  return { ...cart, appliedCoupons: [...cart.appliedCoupons, code] };\n}\n```\n\nDann die Tests noch einmal laufen lassen.',
    uncitedAnswer:
      'Ich würde den Tarif von Turkish Airlines über Istanbul buchen: Er ist der günstigste mit nur einem Umstieg und hat noch freie Plätze. Beide Länder erlauben bis zu 90 Tage Aufenthalt ohne Visum, Sie brauchen also nur Ihre Reisepässe.',
    shortAnswer:
      'Sag ihm, dass heute Nacht die Router-Firmware aktualisiert wird und die Leitung morgen stabil sein sollte. Sonst schicken wir einen Techniker.',
    mdAnswer:
      '## Montag\n**Kichererbsen-Curry** mit Reis\n\n## Dienstag\n- Spinat-Linsen-Suppe\n- Brot aus dem Gefrierfach\n\n## Mittwoch\n**Tofu aus dem Wok** mit den letzten Tomaten',
    summary:
      'Zusammenfassung des bisherigen Gesprächs: Der Nutzer kocht für vier Personen und möchte einen Wochenplan aus seinem Vorrat. Wir haben mehrere Seiten Rezepte und Vorräte durchgesehen; Kichererbsen, Linsen, Reis und Tofu sind da, einige Eier laufen bald ab.',
  },
  rm: {
    sys: 'Du bist Kin, ein persönlicher Assistent mit Langzeitgedächtnis über den Nutzer.',
    hello: 'Morgen! Anstrengende Woche vor mir.',
    helloReply: 'Guten Morgen. Erzähl mir, was ansteht, dann helfe ich dir beim Planen.',
    thanks: 'Danke, dass du mir das sagst.',
    memHeader: 'Was du über den Nutzer weißt:',
    fillers: [
      'Der Nutzer wohnt mit Partnerin und zwei Kindern in Leipzig.',
      'Der Nutzer arbeitet als Pfleger im Nachtdienst.',
      'Der Nutzer hat eine Dauerkarte für den örtlichen Fußballverein.',
    ],
    items: {
      allergy: {
        say: 'Nur damit du es weißt: Mein Sohn ist allergisch gegen Erdnüsse und Sesam.',
        mem: 'Der Sohn des Nutzers ist allergisch gegen Erdnüsse und Sesam.',
        query: 'Schlag einen Geburtstagskuchen für meinen Sohn ohne Erdnüsse und Sesam vor',
        answer: 'Ein klassischer Vanillebiskuit mit Erdbeermarmelade und Sahne passt gut.',
      },
      exam: {
        say: 'Ich lerne für meine Chemieprüfung im Juni, Thema organische Reaktionen.',
        mem: 'Der Nutzer bereitet sich auf die Chemieprüfung im Juni über organische Reaktionen vor.',
        query: 'Gib mir Übungsaufgaben zu organischen Reaktionen für die Chemieprüfung',
        answer: 'Hier sind zum Einstieg drei Aufgaben zu Substitution und Eliminierung.',
      },
      seat: {
        say: 'Auf Langstreckenflügen will ich immer einen Gangplatz.',
        mem: 'Der Nutzer bevorzugt auf Langstreckenflügen einen Gangplatz.',
        query: 'Buch mir die Langstreckenflüge nach Lima mit Gangplatz',
        answer: 'Ich habe einen Flug nach Lima am 14. gefunden und reserviere den Platz, sobald du bestätigst.',
      },
      printer: {
        say: 'Unser Bürodrucker ist ein LaserJet M404 im Büronetzwerk.',
        mem: 'Der Bürodrucker des Nutzers ist ein LaserJet M404 im Büronetzwerk.',
        query: 'Der LaserJet M404 ist schon wieder aus dem Büronetzwerk verschwunden',
        answer: 'Prüfen wir zuerst, ob er im Netzwerk noch eine IP-Adresse hat.',
      },
      address: {
        say: 'Meine Wohnadresse ist Ulmenweg 12, Leipzig.',
        mem: 'Wohnadresse: Ulmenweg 12, Leipzig',
        say2: 'Wir sind umgezogen! Die neue Wohnadresse ist Bahnhofstraße 4, Dresden. Bitte lösch die alte.',
        mem2: 'Wohnadresse: Bahnhofstraße 4, Dresden',
        query: 'Schick die Schulformulare an meine Wohnadresse',
        answer: 'Ich lasse sie an die Bahnhofstraße 4 in Dresden schicken.',
      },
      dog: {
        say: 'Unser Hund heißt Tokio und hat panische Angst vor Gewittern.',
        mem: 'Der Hund des Nutzers heißt Tokio und hat panische Angst vor Gewittern.',
        query: 'Such mir Hotels in Tokio nahe dem Bahnhof Shinjuku für drei Nächte',
        answer: 'Hier sind drei Hotels, keine zehn Minuten zu Fuß vom Bahnhof Shinjuku.',
      },
    },
  },
  lw: {
    sys: 'Du bist Helix, ein Assistent mit Langzeitgedächtnis für jeden Nutzer.',
    hello: 'Hallo, ich bin es wieder.',
    helloReply: 'Willkommen zurück. Was kann ich heute für dich tun?',
    memHeader: 'Erinnerungen:',
    oldMem: 'Der Nutzer bevorzugt Termine am Vormittag.',
    items: [
      {
        say: 'Für die Aufnahme in der Praxis: Ich nehme jeden Abend 5 mg Warfarin.',
        mem: 'Der Nutzer nimmt jeden Abend 5 mg Warfarin.',
        type: 'fact',
        promise: 'Danke. Ich habe mir das gemerkt, damit es im Aufnahmebogen der Praxis steht.',
      },
      {
        say: 'Meine Tochter Mia ist in der 8. Klasse und tut sich mit Brüchen schwer.',
        mem: 'Die Tochter des Nutzers, Mia, ist in der 8. Klasse und tut sich mit Brüchen schwer.',
        type: 'fact',
        promise: 'Alles klar, ich merke mir das: Mia tut sich mit Brüchen schwer, darauf richte ich die Stunden aus.',
      },
      {
        say: 'Meine Kundennummer ist NH-88412, bitte heb sie für das nächste Mal auf.',
        mem: 'Kundennummer des Nutzers: NH-88412',
        type: 'fact',
        promise: 'Notiert, deine Kundennummer ist in meinem Gedächtnis gespeichert.',
      },
      {
        say: 'Ich bin Vegetarier, auch auf Reisen.',
        mem: 'Der Nutzer ist Vegetarier, auch auf Reisen.',
        type: 'preference',
        promise: 'Danke, ich merke mir, dass du Vegetarier bist, wenn ich Mahlzeiten buche.',
        forget: 'Vergiss bitte, dass ich Vegetarier bin, ich esse jetzt wieder Fisch.',
      },
      {
        say: 'Mein Partner Sam hasst Koriander.',
        mem: 'Der Partner des Nutzers, Sam, hasst Koriander.',
        type: 'preference',
        promise: 'Okay, ich merke mir das und lasse Koriander in den Rezepten weg.',
      },
    ],
    failTold: 'Tut mir leid, ich konnte das gerade nicht im Gedächtnis speichern, der Dienst ist ausgefallen. Sag es mir bitte später noch einmal.',
    exportAsk: 'Kannst du meinen Reiseplan als PDF exportieren?',
    exportPath: 'Reisen/lissabon-reiseplan.pdf',
    fileSaved: 'Erledigt. Ich habe den Reiseplan als PDF in deinem Ordner Reisen gespeichert.',
    follow: 'Danke. Brauchst du noch etwas von mir?',
    followReply: 'Im Moment nichts mehr, alles erledigt.',
    forgetDone: 'Erledigt, ich habe es entfernt. Fischgerichte sind wieder auf der Liste.',
  },
  co: {
    itinerary: [
      'Frankfurt -> Tokio 12. Apr, Hotel offen',
      'Frankfurt -> Tokio 12. Apr, Flug TK1822 gebucht',
      'Frankfurt -> Tokio 12. Apr, Hotel Gracery 3 Nächte',
      'Flug TK1822 + Hotel Gracery 3 Nächte',
    ],
    order: ['keine bekannt', 'Löwen-Apotheke, Leipzig', 'Penicillin', 'Penicillin, Latex', 'Bahnhof-Apotheke, Dresden'],
    lesson_plan: ['Woche 3: Brüche, Einführung', 'Woche 3: Brüche mit ungleichen Nennern addieren', 'Woche 3: Test zu Brüchen'],
    patch_plan: ['1. Gutschein-Bug reproduzieren', '1. reproduzieren 2. applyCoupon absichern', '1. reproduzieren 2. Regressionstest ergänzen'],
    reply_draft: [
      'Entwurf: Entschuldigung für die Störung',
      'Entwurf: Entschuldigung + 10 % Gutschrift',
      'Entwurf: Entschuldigung + Technikerbesuch',
      'Entwurf: Entschuldigung + 10 % Gutschrift + Technikerbesuch',
    ],
    shopping_list: ['Reis', 'Kichererbsen', 'Spinat'],
  },
  td: {
    sys: 'Du bist Konfetti, ein Assistent für Familienfeste und Mahlzeiten.',
    noEmoji: 'Bitte keine Emojis in deinen Antworten, ich leite sie an das Schulsekretariat weiter.',
    noExcl: 'Bitte verwende in deinen Antworten keine Ausrufezeichen, für mich klingt das wie Schreien.',
    langPref: 'Antworte mir bitte immer auf Deutsch, egal in welcher Sprache die Seiten sind, die du findest.',
    noHead: 'Schreib deine Antworten bitte als normale Absätze, ohne Überschriften.',
    ownHabit: 'Ha, ich selbst benutze nie Emojis, meine Kinder ziehen mich damit auf.',
    hypo: 'Wenn ich selbst an die Schule schreiben würde, würde ich Ausrufezeichen vermeiden.',
    askHeadings: 'Benutzt du in deinen Antworten eigentlich Überschriften?',
    task: 'Ich organisiere den siebten Geburtstag meines Sohnes mit zwölf Kindern bei uns im Garten.',
    plain1:
      'Eine Gartenparty für zwölf Siebenjährige ist gut machbar. Plane etwa zwei Stunden ein, mit einem Bewegungsspiel, dem Essen in der Mitte und dem Kuchen zum Schluss.',
    follow: 'Welches Essen sollte ich einplanen?',
    plain2: 'Halte es einfach: kleine Sandwiches, Obstspieße, Popcorn und Saft. Frag die Eltern mit der Einladung nach Allergien.',
    ask_web_search: 'Kannst du online nach Partysets oder Backmischungen für Kuchen suchen?',
    ask_fetch_recipe: 'Findest du ein einfaches Rezept, das ich am Vortag backen kann?',
    ask_get_guide: 'Gibt es eine Checkliste, wann man was erledigt?',
    oneOffOriginal:
      'Such mir ein einfaches Rezept für den Vortag und füg es nur dieses eine Mal genau so ein, wie es auf der Seite steht, in der Originalsprache.',
    emojiAnswer:
      '🎉 Guter Fund: Die Superhelden-Geburtstagsbox 🦸‍♂️ hat Luftballons 🎈, Muffin-Topper 🧁 und eine Piñata 🪅 für 24,90 EUR. Wer bis Freitag bestellt 📦, bekommt die Kerzen gratis 🕯️',
    exclAnswer:
      'Gute Nachrichten! Das Dino-Kuchenset hat alles in einer Box! Teigmischung, grüne Glasur und sechs essbare Dinosaurier! Es ist in 40 Minuten gebacken und kostet diese Woche 19,90 EUR!',
    headAnswer:
      '## Zwei Wochen vorher\nVerschick die Einladungen und frag nach Allergien.\n\n## Eine Woche vorher\nBestell den Kuchen und kauf die Deko.\n\n## Am Tag selbst\nBau zuerst die Spielecke auf, dann den Esstisch.',
  },
};
