// Deutsch: eine Zollsachbearbeiterin in Bremerhaven, die Halterin einer Katze, ein Kunde eines Gassi-Service, die
// Nachtredaktion einer Regionalzeitung, ein Antiquariat in Leipzig, ein Haushalt bei der Steuererklärung.
const blurb =
  'Der Kinderbuch-Klassiker schlechthin! Endlich wieder in der Originalausstattung von 1929! Berlin, Emil und eine Bande, die zusammenhält! Ein Muss für jedes Bücherregal!';
export default {
  wo: {
    port: 'Bremerhaven',
    consignee: 'Nordholz Wohnen GmbH',
    hello:
      'Moin. Ich mache die Zollabfertigung für einen Möbelimporteur, diese Woche kommen mehrere Container in {port} an, und ich muss die Manifeste durchgehen, bevor wir die Anmeldungen abgeben.',
    helloAnswer:
      'Moin, gern. Schick mir die Containernummern einzeln, ich hole jedes Manifest und markiere, was auffällt: Gewichte, Zolltarifnummern oder fehlende Positionen.',
    ruleTables:
      'Eine Regel für den ganzen Chat: Verwende in deinen Antworten niemals Tabellen. Ich arbeite mit einem Screenreader, und Tabellen kommen als Zellensalat bei mir an. Normale Sätze oder eine kurze Liste sind völlig in Ordnung.',
    ruleEmoji:
      'Und ab jetzt bitte keine Emojis mehr in deinen Antworten. Unser Ticketsystem macht Fragezeichen daraus, und das sieht im Prüfprotokoll furchtbar aus.',
    ack: 'Verstanden, daran halte ich mich für den Rest des Chats.',
    asks: [
      'Kannst du mir das Manifest von {c} holen und sagen, ob was auffällt?',
      'Als Nächstes {c}. Irgendwas Komisches drin?',
      'Gut, dann {c}, bitte dieselben Prüfungen wie vorhin.',
    ],
    answers: [
      'Das Manifest von {c} hat {n} Positionen. Die Zolltarifnummern passen zu den Warenbeschreibungen, aber in Position {k} ist das Bruttogewicht kleiner als das Nettogewicht; das würde ich vor der Anmeldung vom Versender korrigieren lassen.',
      '{c} sieht insgesamt sauber aus: {n} Positionen, alles Ursprung Vietnam, die Packstücke gehen auf. Nur Position {k} solltest du dir noch einmal ansehen, das Gewicht pro Packstück liegt weit über den anderen.',
      '{c} habe ich durch: {n} Positionen, nichts fehlt, die Tarifnummern stimmen. Position {k} hat eine merkwürdige Packstückzahl, vermutlich ein Tippfehler; das würde ich beim Lieferanten klären.',
    ],
    reminder: 'Und zur Erinnerung, weil wir schon eine Weile dran sind: weiterhin bitte keine Tabellen, Screenreader.',
    overviewAsk: 'Super. Kannst du mir für den Call mit dem Zollagenten um drei eine Übersicht über alle geprüften Container mit ihrem Status geben?',
    tableIntro: 'Hier die Übersicht für den Call:',
    tableHead: ['Container', 'Status', 'Hinweis'],
    status: ['anmeldefertig', 'Rückfrage beim Versender', 'anmeldefertig', 'Packliste fehlt'],
    notes: ['keine Auffälligkeiten', 'Gewicht in einer Position unstimmig', 'Packstückzahl klären', 'Tarifnummer prüfen'],
    listIntro: 'Hier die Übersicht für den Call, Container für Container:',
    plainOutro: 'Der Rest ist fertig, sobald die Rückfragen beantwortet sind.',
    emojiIntro: 'Hier deine Übersicht für den Call',
    emojiOutro: 'Das wär’s, viel Erfolg beim Call!',
    summary:
      'Zusammenfassung des bisherigen Gesprächs: Die Nutzerin macht die Zollabfertigung für einen Möbelimporteur in Bremerhaven. Wir haben die Manifeste mehrerer Container aus Vietnam einzeln geprüft (Tarifnummern, Gewichte, Packstücke) und einzelne Positionen mit Gewichts- oder Mengenproblemen für den Versender markiert. Offen: eine Übersicht aller Container für den Call mit dem Zollagenten.',
    summaryKept:
      'Zusammenfassung des bisherigen Gesprächs: Die Nutzerin macht die Zollabfertigung für einen Möbelimporteur in Bremerhaven. Wir haben die Manifeste mehrerer Container aus Vietnam einzeln geprüft und Positionen mit Gewichts- oder Mengenproblemen markiert. Dauerhafte Vorgabe der Nutzerin: keine Emojis in den Antworten (ihr Ticketsystem kann sie nicht darstellen). Offen: eine Übersicht aller Container für den Call.',
  },
  rm: {
    earlierUser:
      'Hallo, Mimi war heute bei Ihnen zur Kontrolle. Die Helferin meinte, Sie speichern ihre Angaben in der Akte, damit ich nicht jedes Mal alles neu erzählen muss.',
    earlierAnswer: 'Hallo! Ja, die Befunde von heute stehen jetzt in Mimis Akte. Sie können mich jederzeit zu ihrer Versorgung fragen.',
    memDiet: 'Mimi (Katze, 9 Jahre) hat eine chronische Nierenerkrankung: nur Nierendiät-Futter, keine phosphorreichen Leckerli.',
    memDietOld: 'Mimi (Katze, 9 Jahre) bekommt Trockenfutter, zwei Mahlzeiten am Tag, und Zahnpflege-Snacks.',
    memDietNew: 'Mimi (Katze, 9 Jahre) hat eine chronische Nierenerkrankung: seit März nur Nierendiät-Futter, keine phosphorreichen Leckerli.',
    memInsurance: 'Die Halterin zahlt per Lastschrift; die Katze ist bei PetProtect versichert, Police 44-1937.',
    memAppt: 'Die Halterin möchte Termine werktags vor 9 Uhr.',
    memVacc: 'Mimis Impfpass liegt am Empfang der Praxis.',
    smalltalk: [
      ['Hallo, kurze Frage zu Mimi, falls Sie einen Moment haben.', 'Natürlich, worum geht es?'],
      ['Entschuldigung, es schüttet gerade wie aus Eimern, ich tippe an der Bushaltestelle.', 'Kein Problem, lassen Sie sich Zeit.'],
    ],
    dietChangeUser: 'Nur zur Info: Seit der Nierendiagnose bekommt Mimi nur noch das Nierendiät-Nassfutter, die Zahnpflege-Snacks habe ich gestrichen.',
    dietChangeAnswer: 'Danke für die Info, ich habe Mimis Akte aktualisiert.',
    kbWeight:
      'Gewichtsverlust bei älteren Katzen: häufige Ursachen sind Nierenerkrankungen, Schilddrüsenüberfunktion und Zahnschmerzen. Monatlich wiegen, bei weiterem Verlust Kontrolltermin vereinbaren.',
    kbSenior:
      'Seniorfutter für Katzen ab 8 Jahren: mehr Protein und Energie für den Muskelerhalt, zum Beispiel VitaCat Senior 7+ (trocken) oder VitaCat Senior Frischebeutel.',
    question: 'Mimi hat in letzter Zeit etwas abgenommen. Welches Futter kann ich ihr jetzt geben?',
    rewritten: 'geeignetes Futter Katze Mimi Gewichtsverlust Diät',
    blockTitle: 'Halterakte und Wissensdatenbank (abgerufen):',
    answerBad:
      'Wenn Mimi abnimmt, ist ein Seniorfutter mit mehr Protein und Energie eine gute Wahl, zum Beispiel VitaCat Senior 7+. Wiegen Sie sie einmal im Monat und kommen Sie zur Kontrolle, wenn sie weiter abnimmt.',
    answerGood:
      'Bleiben Sie bei Mimis Nierendiät-Nassfutter. Damit sie wieder zunimmt, teilen Sie es auf vier kleine Mahlzeiten auf und wärmen es leicht an. Wiegen Sie sie einmal im Monat und kommen Sie zur Kontrolle, wenn sie weiter abnimmt.',
  },
  lw: {
    earlierUser:
      'Hallo, ich möchte Balu für die Gassirunden anmelden. Er ist ein vierjähriger Labrador, der Ersatzschlüssel liegt bei meiner Nachbarin in Nummer 12.',
    earlierAnswer: 'Prima, Balu ist angelegt. Den Schlüssel holen wir in Nummer 12.',
    memKey: 'Ersatzschlüssel für das Haus des Kunden liegt bei der Nachbarin in Nummer 12.',
    memDog: 'Balu ist ein vierjähriger Labrador; Runden von einer Stunde.',
    q0: 'Hallo, können wir Balus Runden für nächste Woche planen?',
    a0: 'Klar. Balu hat Runden von einer Stunde, der Schlüssel wird in Nummer 12 abgeholt. Welche Tage passen Ihnen?',
    blockTitle: 'Kundennotizen (Gedächtnis):',
    rule: 'Vorher noch was: Balu darf nicht mehr von der Leine. Er ist letzte Woche im Park einem Radfahrer hinterhergerannt.',
    memLeash: 'Balu muss auf jeder Runde an der Leine bleiben (ist im Park einem Radfahrer nachgejagt).',
    promise: 'Alles klar, ich merke mir das: Balu bleibt ab jetzt auf jeder Runde an der Leine.',
    q2: 'Danke. Montag, Mittwoch und Freitag mittags, bitte.',
    a2: 'Gebucht: Montag, Mittwoch und Freitag um 12:00, je eine Stunde, Schlüssel in Nummer 12.',
    bye: 'Super, das war’s. Danke!',
    byeAnswer: 'Gern, schöne Woche!',
  },
  co: {
    headlines: ['Stadtrat beschließt Sanierung der Weserbrücke', 'Busstreik nach nächtlicher Einigung abgesagt', 'Parkgebühren am Klinikum steigen im April'],
    correction: '(korrigiert: Abstimmung 31 zu 9)',
    photo0: 'Foto: Jana Wessels',
    photo1: 'Foto: Mats Lindqvist / Pool',
    teaser0: 'Was die Sanierung für Pendler bedeutet',
    ask: 'Was ist morgen der Aufmacher auf Seite eins?',
    answer: 'Aufmacher auf Seite eins ist derzeit:',
  },
  td: {
    ruleShort: 'Bitte antworte kurz, höchstens 60 Wörter. Ich lese die Antworten zwischen zwei Kunden auf dem Handy.',
    ruleLists: 'Bitte verwende in deinen Antworten Listen statt Tabellen; ich kopiere sie in unseren Newsletter, der nur reinen Text kann.',
    ruleCalm: 'Und bitte keine Ausrufezeichen in deinen Antworten, ein ruhiger Ton; ich leite sie unverändert an Kunden weiter.',
    ack: 'Gern, daran halte ich mich.',
    q0: 'Jemand will uns eine ganze Kiste alter Insel-Bücherei-Bände verkaufen. Kaufen wir noch ganze Sammlungen an?',
    a0: 'Ja, ganze Sammlungen nach Sichtung des Zustands; frühe Insel-Bände in gutem Zustand werden einzeln bewertet, der Rest geht in die Grabbelkiste.',
    book: 'Erich Kästner, Emil und die Detektive, Erstausgabe 1929',
    qLong: 'Ein Kunde fragt nach der Erstausgabe von Emil und die Detektive. Was haben wir im Katalog?',
    qTable: 'Welche Ausgaben von Emil und die Detektive bieten Händler gerade an?',
    qBlurb: 'Der Nachdruck von Emil und die Detektive ist da. Was schreibt der Verlag dazu?',
    verbatimTable: 'Zeig mir die Tabelle bitte genau so, wie der Katalog sie ausgibt.',
    verbatimBlurb: 'Kopier mir den Verlagstext bitte Wort für Wort, unverändert, für das Regalschild.',
    longEntry:
      'KÄSTNER, Erich. Emil und die Detektive. Ein Roman für Kinder. Berlin: Williams & Co., 1929. Erste Ausgabe. Mit Illustrationen von Walter Trier. Oktav, illustrierter Originalhalbleinenband mit dem seltenen Originalschutzumschlag. Der Umschlag mit leichten Randläsuren, einem kleinen geschlossenen Einriss am oberen Rücken und etwas gebräuntem Rücken; der Einband darunter frisch und fest. Innen sauber und gut gebunden, Vorsätze und Schnitt etwas stockfleckig, keine Anstreichungen, kein Namenseintrag. Der Roman um Emil Tischbein, der in Berlin mit einer Bande von Kindern den Dieb seines Geldes jagt, wurde sofort ein Welterfolg und bereits 1931 verfilmt. Erstausgaben mit Umschlag sind selten, weil die meisten Exemplare von Kindern zerlesen wurden und die Bücher 1933 verbrannt wurden; in diesem Zustand kommen sie kaum in den Handel. Provenienz: aus der Bibliothek einer Leipziger Lehrerin, 2024 auf einer Auktion erworben. Preis auf Anfrage, Händlernummer EM-1929-01. Im verschlossenen Schrank in Raum zwei.',
    longAnswer:
      'Wir haben ein Exemplar: die Erstausgabe von 1929 bei Williams & Co., mit den Illustrationen von Walter Trier, im Halbleinenband mit dem seltenen Originalumschlag. Der Umschlag hat leichte Randläsuren, einen kleinen geschlossenen Einriss oben am Rücken und einen etwas gebräunten Rücken; der Einband darunter ist frisch und fest. Innen ist es sauber, mit etwas Stockflecken an Vorsätzen und Schnitt, ohne Anstreichungen. Es stammt aus der Bibliothek einer Leipziger Lehrerin und wurde 2024 auf einer Auktion gekauft. Weil die meisten Exemplare zerlesen oder 1933 verbrannt wurden, sind Erstausgaben mit Umschlag selten, und dieses ist ein gutes Stück. Es steht im verschlossenen Schrank in Raum zwei, Nummer EM-1929-01, Preis auf Anfrage.',
    shortAnswer:
      'Ein Exemplar: Erstausgabe 1929, Williams & Co., mit Originalumschlag, leicht berieben, kleiner Einriss. Innen sauber. Verschlossener Schrank, Raum zwei, EM-1929-01, Preis auf Anfrage.',
    editionsTable:
      '| Jahr | Verlag | Zustand | Preis |\n|---|---|---|---|\n| 1929 | Williams & Co. | Erstausgabe, Umschlag berieben | 2.400 € |\n| 1931 | Williams & Co. | 41.-50. Tausend, ohne Umschlag | 180 € |\n| 1949 | Dressler | Nachkriegsausgabe, gut | 45 € |\n| 1985 | Dressler | Jubiläumsausgabe | 12 € |',
    tableAnswer:
      '| Jahr | Verlag | Zustand | Preis |\n|---|---|---|---|\n| 1929 | Williams & Co. | Erstausgabe, Umschlag berieben | 2.400 € |\n| 1931 | Williams & Co. | ohne Umschlag | 180 € |\n| 1949 | Dressler | gut | 45 € |\n| 1985 | Dressler | Jubiläumsausgabe | 12 € |',
    blurb,
    loudAnswer:
      'Tolle Neuigkeiten! Der Nachdruck ist da, und der Verlag nennt ihn den Kinderbuch-Klassiker schlechthin! Endlich wieder in der Originalausstattung von 1929! Ein Muss für jedes Regal!',
    quotedBlurb: `Hier Wort für Wort:\n\n${blurb}`,
    bye: 'Danke, das war’s für heute.',
    byeAnswer: 'Gern. Einen ruhigen Nachmittag im Laden.',
  },
  ic: {
    ruleEmoji:
      'Hallo, ich mache am Wochenende unsere Steuererklärung für 2025. Bitte keine Emojis in deinen Antworten, ich leite sie direkt an unseren Steuerberater weiter.',
    a0: 'Gern. Fangen wir bei den Einkünften an: Waren Sie 2025 angestellt, selbstständig oder beides?',
    q1: 'Angestellt, und dazu vermieten wir eine Wohnung in Leipzig.',
    a1: 'Dann brauchen Sie die Anlage N mit den Werten aus der Lohnsteuerbescheinigung und für die Wohnung die Anlage V: Mieteinnahmen, dann Werbungskosten wie Grundsteuer, Versicherung, Reparaturen und Abschreibung.',
    q2: 'Hab’s gefunden: 9.600 Euro Kaltmiete, Kosten etwa 2.100 Euro.',
    emojiAnswer: 'Super ✅ Dann bleiben 7.500 Euro Überschuss 🎉 In die Anlage V kommen 9.600 Euro Mieteinnahmen und 2.100 Euro Werbungskosten 👍',
    plainAnswer: 'Dann bleiben 7.500 Euro Überschuss. In die Anlage V kommen 9.600 Euro Mieteinnahmen und 2.100 Euro Werbungskosten.',
    q3: 'Und die Schuldzinsen für die Wohnung?',
    emojiAnswer3: 'Gute Frage 😊 Die Schuldzinsen für die vermietete Wohnung sind Werbungskosten in der Anlage V, Zeile für Schuldzinsen 💡',
    plainAnswer3: 'Die Schuldzinsen für die vermietete Wohnung sind Werbungskosten in der Anlage V, in der Zeile für Schuldzinsen.',
    ruleTables:
      'Hallo, ich sitze an der Steuererklärung 2025. Bitte keine Tabellen in deinen Antworten, ich lese alles auf dem Handy und die passen da nicht drauf.',
    statementIntro: 'Hier die Jahressteuerbescheinigung von meinem Depot, so eingefügt, wie sie kam. Was muss ich wo eintragen?',
    stHead: 'JAHRESSTEUERBESCHEINIGUNG 2025  Depot 7740 118 22  Inhaber: Dirk Brandt  Zeitraum 01.01.2025 - 31.12.2025',
    stKinds: ['Dividende', 'Zinsen', 'Ausschüttung Fonds', 'Vorabpauschale'],
    stGross: 'brutto',
    stTax: 'KapESt+SolZ',
    stFoot: 'Diese Bescheinigung dient nur der Information und ersetzt keine Steuerberatung.',
    tableAnswer:
      '| Posten | Wo in der Erklärung | Betrag |\n|---|---|---|\n| Dividenden | Anlage KAP, Zeile 7 | 3.912,40 € |\n| Zinsen | Anlage KAP, Zeile 7 | 611,85 € |\n| Fondsausschüttungen | Anlage KAP-INV | 1.204,10 € |\n| Einbehaltene Steuer | Anlage KAP, Zeilen 37-38 | 1.508,10 € |',
    task: 'Hallo, diesen Monat machen wir mit unserem Steuerberater die Erklärung für 2025 fertig.',
    mailIntro: 'Unser Steuerberater hat Folgendes geschrieben, ich füge es unten ein:',
    mail: '„Sehr geehrter Herr Brandt,\nvielen Dank für die bisherigen Unterlagen. Bitte schicken Sie mir keine Tabellen oder Excel-Dateien, Scans der Originalbelege genügen.\nEs fehlen noch Ihre Lohnsteuerbescheinigung, die Nebenkostenabrechnung der Wohnung und die Zinsbescheinigung der Bank.\nMit freundlichen Grüßen, Petra Lange“',
    mailAsk: 'Was fehlt noch von dem, was ich dir bisher geschickt habe?',
    thanks: 'Danke, das hilft.',
    thanksAnswer: 'Gern. Sobald die drei Belege da sind, kann die Erklärung raus.',
    permission: 'Übrigens, du darfst jetzt wieder Emojis benutzen, ich mache gerade eine Liste für die Sparkonten der Kinder.',
    kidsAnswer: 'Hier die Liste 👇\n✅ Kontoauszug vom Kindersparbuch\n💶 Zinsen aufs Ersparte\n📝 Größere Geldgeschenke von Oma und Opa notieren',
  },
};
