// blind6, Deutsch (von Hand geschrieben): Fähranleger Norddeich, eine freiberufliche Illustratorin, gebrauchte
// Objektive, eine kleine Buchhandlung, ein Gassi-Service und die Lokalredaktion.
export default {
  wo: {
    intro: 'Moin. Ich sitze diese Woche in der Betriebsleitung am Anleger Norddeich und frag dich oft nach dem Liegeplatz-Log.',
    rules: {
      tables: 'Eins gleich für den ganzen Chat: keine Tabellen, nie. Das Tablet am Anleger macht daraus nur Zeichensalat.',
      lang: 'Antworte bitte immer auf Deutsch, auch wenn die Matrosen ihre Notizen im Log auf Englisch schreiben.',
      length: 'Ab jetzt jede Antwort unter 40 Wörtern, ich lese sie zwischen zwei Abfahrten.',
      emoji: 'Und bitte keine Emojis in deinen Antworten, die landen direkt im Schichtbericht des Hafenmeisters.',
    },
    cheer: 'Ha, den Tiefgang-Wert hat sonst keiner gesehen. Weiter so, hör nie auf, so genau hinzuschauen!',
    pinRule: 'Bitte keine Emojis in deinen Antworten. Die gehen ins offizielle Wachbuch.',
    pinned: 'Feste Vorgabe des Nutzers: Der Nutzer möchte keine Emojis in den Antworten.',
    pinnedLang: 'Feste Vorgabe des Nutzers: Der Nutzer möchte alle Antworten auf Deutsch.',
    tempRule: 'Antworte ab jetzt bitte auf Englisch, heute liest ein Kollege aus Harwich mit.',
    back: 'Der Kollege ist weg, du kannst wieder auf Deutsch antworten.',
    once: 'Nur dieses eine Mal unter 30 Wörtern bitte, ich lese es über Funk vor.',
    onceAnswer: 'Morgenabfahrten pünktlich. Elf Minuten Verspätung an Liegeplatz 4 wegen des Schleppers. Wind lässt nach zehn Uhr nach.',
    questions: [
      'Was steht im Log zu den ersten Abfahrten heute?',
      'Gab es seit Mittag Verspätungen an Liegeplatz 2?',
      'Schau mal ins Log: Ist das Bunkern heute vor dem Abendbetrieb fertig geworden?',
      'Wie voll war das Autodeck bei den späten Abfahrten?',
      'Fällt dir bei den Windwerten heute Nachmittag etwas auf?',
      'Hat die Frisia IV heute Probleme mit der Rampe gemeldet?',
    ],
    answers: [
      'Die ersten Abfahrten waren pünktlich. Nur die Frisia II hat an Liegeplatz 4 rund elf Minuten auf den Schlepper gewartet.',
      'Seit Mittag zwei kurze Verspätungen an Liegeplatz 2, beide unter zehn Minuten und bei starken Böen.',
      'Das Bunkern der Frisia IV war um 14:20 fertig, lange vor den Abendabfahrten.',
      'Die späten Abfahrten waren gut ausgelastet, auf den letzten beiden war das Autodeck fast voll.',
      'Die Böen lagen etwa eine Stunde über 40 Knoten und haben dann nachgelassen. So lange ruhte die Rampe.',
      'Für die Frisia IV steht heute keine Rampenstörung im Log. Die Zeiten sehen normal aus.',
    ],
    finalQ: 'Okay, letzte Frage vor Schichtende: Wie war die Woche insgesamt?',
    finalTable:
      'Die Woche im Überblick:\n\n| Tag | Abfahrten | Ø Verspätung | Notiz |\n|---|---|---|---|\n| Montag | 42 | 3 Min. | ruhig |\n| Dienstag | 41 | 4 Min. | Schlepper an LP 4 |\n| Mittwoch | 38 | 9 Min. | Böen über 40 kn |\n| Donnerstag | 42 | 2 Min. | ruhig |\n| Freitag | 44 | 5 Min. | Autodecks voll |',
    finalEmoji:
      'Insgesamt eine ziemlich gute Woche 👍 Fast alles pünktlich ⛴️, Mittwoch war der windige Tag 🌬️ mit den längsten Wartezeiten an Liegeplatz 2, und Freitagabend war richtig voll 🚗🚗. An den Rampen alles okay ✅',
    finalLong:
      'Insgesamt war es eine ruhige Woche mit einem schwierigen Tag. Montag und Dienstag lief fast alles auf die Minute nach Fahrplan, abgesehen von den elf Minuten, die am Dienstagmorgen an Liegeplatz 4 auf den Schlepper gewartet wurde. Der Mittwoch war der harte Tag: Böen über vierzig Knoten fast den ganzen Nachmittag, die Rampe an Liegeplatz 2 musste zweimal ruhen, und die durchschnittliche Verspätung stieg auf ungefähr neun Minuten. Am Donnerstag war es wieder ruhig, alle Abfahrten lagen zwei, drei Minuten um den Fahrplan. Freitagabend war der vollste Abschnitt der Woche, auf den letzten beiden Fahrten war das Autodeck voll, was das Verladen etwas verlängert hat. Gebunkert wurde immer vor dem Abendbetrieb, und im Log deutet nichts auf ein technisches Problem an Rampen oder Festmachern hin.',
    finalPlain:
      'Eine ruhige Woche insgesamt. Mittwoch war der windige Tag mit den längsten Wartezeiten an Liegeplatz 2, Freitagabend der vollste, und die Rampen hatten keine Störungen.',
    summaryTitle: 'Zusammenfassung des bisherigen Gesprächs',
    summary:
      'Der Nutzer arbeitet in der Betriebsleitung am Anleger Norddeich und fragt täglich nach dem Liegeplatz-Log. Besprochen wurden bisher die ersten Abfahrten, Verspätungen an Liegeplatz 2, das Bunkern, die Auslastung des Autodecks und die Windwerte.',
  },
  iic: {
    task: 'Hallo! Ich bin freiberufliche Illustratorin und du hilfst mir dieses Jahr bei der Buchhaltung.',
    rules: {
      tables: 'Bitte in allen Antworten Listen statt Tabellen, ich lese dich auf dem Handy.',
      emoji: 'Bitte keine Emojis in deinen Antworten, ich leite sie an meinen Steuerberater weiter.',
      lang: 'Antworte mir immer auf Deutsch, auch wenn ich dir englische Rechnungen reinkopiere.',
    },
    a0: 'Gern. Womit fangen wir an: Ausgaben, Rechnungen oder die Umsatzsteuer-Voranmeldung?',
    t1: 'Kann ich das neue Grafiktablett absetzen, das ich im September gekauft habe?',
    a1: 'Ja. Ein Grafiktablett, das du beruflich nutzt, ist eine Betriebsausgabe. Unter 800 Euro netto kannst du es sofort voll abschreiben.',
    q: {
      software: 'Was habe ich dieses Quartal für Software-Abos ausgegeben, Monat für Monat?',
      statement: 'Hier ist mein Kontoauszug vom Oktober, kannst du ihn importieren und schauen, ob dir was komisch vorkommt?',
      vat: 'Wann ist die nächste Umsatzsteuer-Voranmeldung fällig, und wie viel muss ich ungefähr zahlen?',
      oneOff: 'Nur dieses eine Mal: Gib mir die Umsatzsteuer pro Quartal als Tabelle, ich muss sie ins Formular abtippen.',
      paid: 'Hat Studio Orbit die Rechnung vom September schon bezahlt?',
    },
    tableAnswer:
      '| Monat | Software | Betrag |\n|---|---|---|\n| Juli | Adobe, Spotify | 74,97 € |\n| August | Adobe, Procreate | 71,49 € |\n| September | Adobe, Clip Studio | 83,96 € |\n\nSumme im Quartal: 230,42 €.',
    vatTable: '| Quartal | Umsatzsteuer |\n|---|---|\n| Q1 | 1.120 € |\n| Q2 | 980 € |\n| Q3 | 1.310 € |\n| Q4 (geschätzt) | 1.240 € |',
    emojiAnswer:
      'Gute Nachrichten 🎉 Studio Orbit hat die 1.800 € am 14. Oktober bezahlt 💶 Komisch ist nur eine doppelte Hetzner-Abbuchung am 3. 🤔 da würde ich nachfragen ✅',
    withdraw: 'Vergiss, was ich über Emojis gesagt habe, die sind okay, mein Steuerberater mag sie sogar.',
    email:
      'Mein Kunde hat mir das geschrieben, was wollen die eigentlich von mir? „Bitte verwenden Sie in Ihren Antworten an uns keine Emojis. Senden Sie jede Rechnung als PDF mit unserer Bestellnummer.“',
    emailAnswer:
      'Sie wollen zwei Dinge: Antworten ohne Emojis und jede Rechnung als PDF mit ihrer Bestellnummer. Nimm das Feld für die Bestellnummer in deine Rechnungsvorlage auf, dann passt es.',
    why: 'Warum packst du die Summen eigentlich immer in eine Tabelle? Nur aus Neugier.',
    whyAnswer: 'Vor allem, weil sich Beträge pro Monat nebeneinander leichter vergleichen lassen. Sag einfach, wenn du es anders willst.',
  },
  td: {
    task: 'Ich suche ein gebrauchtes 35-mm-Objektiv für meine Fuji X-T3, Budget so um die 400 Euro.',
    rules: {
      emoji: 'Bitte keine Emojis in deinen Antworten, die nerven mich.',
      lang: 'Antworte bitte immer auf Deutsch, auch wenn die Anzeigen auf Englisch sind.',
      tables: 'Listen statt Tabellen bitte, ich lese alles auf einem kleinen Handy.',
      headings: 'Bitte keine Überschriften in deinen Antworten, einfach normale Absätze.',
    },
    dad: 'Mein Vater sagt immer: keine Emojis in Nachrichten an ihn, das findet er kindisch.',
    permission: 'Tabellen sind jetzt übrigens okay, ich sitze am Laptop.',
    a0: 'Gutes Bajonett dafür. Soll es Autofokus haben, und ist ein Privatverkäufer okay?',
    t1: 'Autofokus ja. Privat ist okay, wenn sie verschicken.',
    a1: 'Alles klar. Ich suche 35-mm-Objektive mit Autofokus unter 400 Euro, mit Versand.',
    t2: 'Dann such mal in den Anzeigen.',
    original: 'Such das beste raus und kopier mir die Beschreibung des Verkäufers in der Originalsprache rein, ich will seine genauen Worte.',
    originalIntro: 'Das beste ist das Fujinon XF 35mm f/1.4 R aus Hamburg. Hier der Text des Verkäufers, so wie er ihn geschrieben hat:',
    emojiAnswer:
      'Super Fund 🎉 Fujinon XF 35mm f/1.4 R für 380 € 📸 Versand aus Hamburg 📦 Autofokus blitzschnell ⚡ mit Deckeln und Streulichtblende 🎁 Das Viltrox 33mm für 320 € ist auch top 👍',
    plainAnswer:
      'Am besten passt das Fujinon XF 35mm f/1.4 R für 380 Euro, Versand aus Hamburg, mit beiden Deckeln und der Streulichtblende. Das Viltrox 33mm f/1.4 für 320 Euro ist die günstigere Wahl.',
    tableAnswer:
      'Hier die Angebote:\n\n| Objektiv | Preis | Stadt | Versand |\n|---|---|---|---|\n| Fujinon XF 35mm f/1.4 R | 380 € | Hamburg | ja |\n| Viltrox 33mm f/1.4 AF | 320 € | Berlin | ja |\n| Fujinon XF 35mm f/2 WR | 290 € | München | nein |',
    headingsAnswer:
      '## Beste Wahl\n**Fujinon XF 35mm f/1.4 R**, 380 €, Hamburg. Schneller Autofokus, sauberes Glas.\n\n## Günstiger\n**Viltrox 33mm f/1.4 AF**, 320 €, Berlin. Neuwertig, mit Karton.\n\n## Lieber nicht\n**Fujinon XF 35mm f/2 WR**: kein Versand.',
  },
  rm: {
    fillers: [
      'Die Leserin holt ihre Bestellungen samstagvormittags im Laden in der Zedernstraße ab.',
      'Die Leserin bezahlt mit dem Geschenkgutschein ihrer Schwester.',
      'Die Leserin ist in der Strickgruppe nebenan, donnerstags.',
    ],
    greet: 'Hallo, hier ist wieder Frau Berger. Diesen Herbst hab ich Zeit zum Lesen.',
    greetAnswer: 'Wie schön, Frau Berger! Worauf haben Sie Lust?',
    small: 'Es wird schon so früh dunkel, um fünf mach ich das Licht an.',
    smallAnswer: 'Ja, der Herbst ist da. Immerhin perfektes Lesewetter.',
    cases: {
      rank: {
        say: 'Ich lese nur noch Großdruck-Ausgaben, die Augen machen nicht mehr mit.',
        mem: 'Die Leserin liest wegen ihrer Augen nur noch Großdruck-Ausgaben.',
        ack: 'Verstehe, danke, dass Sie es mir sagen.',
        q: 'Gibt es den neuen Daniel Kehlmann schon als Großdruck-Ausgabe?',
        a: 'Den neuen Kehlmann gibt es bisher gebunden; ich frage beim Verlag nach anderen Ausgaben.',
      },
      threshold: {
        say: 'Auf langen Zugfahrten liebe ich Hörbücher, die der Autor selbst liest.',
        mem: 'Die Leserin liebt auf langen Zugfahrten Hörbücher, die der Autor selbst liest.',
        ack: 'Schöne Gewohnheit.',
        q: 'Haben Sie Hörbücher, die der Autor selbst liest, für meine Zugfahrt nach München?',
        a: 'Für lange Fahrten: Axel Hacke und Elke Heidenreich lesen ihre Bücher selbst, sehr angenehme Begleiter.',
      },
      relative: {
        say: 'Bitte keine Bücher mit Gewalt gegen Tiere, das ertrage ich nicht.',
        mem: 'Die Leserin meidet Romane mit Gewalt gegen Tiere.',
        ack: 'Verstanden, danke.',
        q: 'Können Sie mir einen spannenden Roman für den Lesekreis empfehlen, ohne Gewalt gegen Tiere?',
        a: 'Für den Lesekreis eignet sich „Die Mittagsfrau“, spannend und gut zu besprechen.',
      },
      notInjected: {
        say: 'Mein Enkel Jonas ist neun und ganz verrückt nach Dinosauriern.',
        mem: 'Der Enkel der Leserin, Jonas, ist neun Jahre alt und liebt Dinosaurier.',
        ack: 'Was für ein schönes Alter dafür.',
        q: 'Was schenke ich Jonas zum Geburtstag? Er ist immer noch verrückt nach Dinosauriern.',
        a: 'Ein schön illustrierter Atlas der Urzeit wäre ein tolles Geburtstagsgeschenk.',
      },
      fine: {
        say: 'Ich mag lieber Taschenbücher, gebundene Bücher tun meinen Handgelenken weh.',
        mem: 'Die Leserin mag Taschenbücher lieber, weil gebundene Bücher ihren Handgelenken wehtun.',
        ack: 'Notiert, dann möglichst Taschenbuch.',
        q: 'Gibt es „Kairos“ schon als Taschenbuch? Gebundene Bücher tun meinen Handgelenken weh.',
        a: 'Ja, „Kairos“ ist im Frühjahr als Taschenbuch erschienen, das schont die Handgelenke.',
      },
      deleted: {
        say: 'Ich lese gerade die Buddenbrooks noch mal, bin im dritten Teil.',
        mem: 'Die Leserin liest gerade die Buddenbrooks und ist im dritten Teil.',
        ack: 'Ein schönes Buch zum Wiederlesen.',
        forget: 'Die Buddenbrooks habe ich durch. Sie können vergessen, dass ich sie gerade lese.',
        forgetAck: 'Gern, ist gelöscht. Glückwunsch!',
        q: 'Was lese ich jetzt, wo die Buddenbrooks durch sind?',
        a: 'Wenn Ihnen Familiengeschichten gefallen, dann „Der Zauberberg“ oder Fontanes „Effi Briest“.',
      },
      cat: {
        say: 'Mein neuer Kater heißt Poirot und sitzt immer auf meinen Büchern.',
        mem: 'Die Leserin hat einen Kater namens Poirot.',
        ack: 'Was für ein passender Name für einen Bücherkater.',
        q: 'Gibt es neue gemütliche Krimis im Stil von Poirot?',
        a: 'Probieren Sie „Die Elster“ von Anthony Horowitz, ganz im klassischen Stil.',
      },
      after: {
        sayq: 'Ich bin gerade einem Lyrikkreis beigetreten, der Mascha Kaléko liest. Haben Sie etwas von Mascha Kaléko da?',
        mem: 'Die Leserin ist einem Lyrikkreis beigetreten, der Mascha Kaléko liest.',
        a: 'Wir haben „Das lyrische Stenogrammheft“ im Regal und können die Gesamtausgabe bestellen.',
      },
    },
  },
  lw: {
    greet: 'Hi, hier ist Anna, die von Bruno. Kannst du Brunos Gassirunden für nächste Woche buchen?',
    greetAnswer: 'Hi Anna! Montag bis Freitag, wie immer mittags?',
    later: 'Super. Und wann kommt die Gassigeherin am Mittwoch?',
    laterAnswer: 'Mittwoch um 12:15, Lea holt Bruno an deiner Haustür ab.',
    cases: {
      restart: {
        say: 'Der Code vom Hoftor hat sich geändert, jetzt 4417.',
        mem: 'Der Hoftor-Code bei Anna ist 4417.',
        reply: 'Danke! Gedächtnis aktualisiert: Der neue Hoftor-Code ist 4417.',
      },
      failed: {
        say: 'Im Stadtpark muss Bruno immer an der Leine bleiben, er jagt die Enten.',
        mem: 'Bruno muss im Stadtpark an der Leine bleiben (jagt Enten).',
        reply: 'Alles klar, ich habe mir das gemerkt: Bruno bleibt im Stadtpark an der Leine.',
      },
      snapshot: {
        say: 'Er ist allergisch gegen Huhn, also bitte keine Hühnchen-Leckerli.',
        mem: 'Bruno ist allergisch gegen Huhn: keine Hühnchen-Leckerli.',
        reply: 'Verstanden, Brunos Hühnerallergie ist jetzt in meinem Gedächtnis gespeichert.',
      },
      promised: {
        say: 'Der Ersatzschlüssel liegt jetzt unter dem blauen Blumentopf, nicht mehr unter der Fußmatte.',
        mem: 'Der Ersatzschlüssel liegt unter dem blauen Blumentopf.',
        reply: 'Okay, ich merke mir das: Ersatzschlüssel unter dem blauen Blumentopf.',
      },
      ackCommit: {
        say: 'Bruno kriegt um sechs sein Abendessen, einen halben Messbecher.',
        mem: 'Bruno frisst um 18 Uhr, einen halben Messbecher.',
        reply: 'Notiert und im Gedächtnis gespeichert: um sechs, ein halber Messbecher.',
      },
      failTold: {
        say: 'Wenn ich nicht da bin, kann meine Nachbarin Frau Kaya aufmachen.',
        mem: 'Nachbarin Frau Kaya kann aufmachen.',
        reply: 'Tut mir leid, das konnte ich gerade nicht speichern, unser Notizsystem hängt. Sagst du es mir morgen noch mal?',
      },
      file: {
        say: 'Hier ist Brunos Tollwut-Impfnachweis, leg ihn bitte zu seiner Akte.',
        path: 'clients/anna/bruno-tollwut-2026.pdf',
        reply: 'Ich habe den Nachweis unter clients/anna/bruno-tollwut-2026.pdf abgelegt.',
      },
      offer: {
        say: 'Nur zur Info: In der Woche ab dem 20. sind wir weg.',
        reply: 'Danke für den Hinweis. Soll ich mir merken, dass ihr in der Woche weg seid?',
        decline: 'Nicht nötig, das buche ich später separat.',
        declineAnswer: 'Alles klar, sag einfach Bescheid, wenn du buchen willst.',
      },
    },
  },
  co: {
    headlines: [
      'Brand im Hafen: Feuerwehr im Einsatz',
      'Hafenbrand nach sechs Stunden unter Kontrolle',
      'Sechs Stunden Kampf um den Hafen',
      'Hafenbrand gelöscht, Lagerhalle zerstört',
    ],
    captions: [
      'Feuerwehrleute an der Lagerhalle im Hafen.',
      'Feuerwehrleute an der Lagerhalle im Hafen am Dienstagabend.',
      'Einsatzkräfte kämpfen am Dienstag gegen die Flammen im alten Getreidespeicher.',
    ],
    bylines: ['Von unserer Redaktion', 'Von Katrin Albers', 'Von Katrin Albers und Mehmet Yilmaz'],
    slots: ['Seite 1, oben', 'Seite 1, unten', 'Seite 3, Aufmacher'],
    corrections: [
      'Im Bericht über die Ratssitzung am Dienstag war der Name von Ratsfrau Okonkwo falsch geschrieben.',
      'Die Brückensperrung beginnt am 4. Dezember, nicht am 3.',
    ],
    refusal: 'Konflikt: veraltete Version, abgelehnt',
  },
};
