// Français de France : une déclarante en douane au Havre, la propriétaire d'une chatte, un client d'un service de
// promenade de chiens, la rédaction de nuit d'un quotidien régional, une librairie ancienne à Lyon, un foyer et sa
// déclaration de revenus.
const blurb =
  'LE roman culte enfin de retour ! Un soleil écrasant, un meurtre, un homme qui refuse de mentir ! Redécouvrez le chef-d’œuvre qui a bouleversé des générations ! À lire absolument !';
export default {
  wo: {
    port: 'Le Havre',
    consignee: 'Maison Caudebec SAS',
    hello:
      'Bonjour. Je m’occupe du dédouanement pour un importateur de meubles, on a plusieurs conteneurs qui arrivent au {port} cette semaine et je dois passer les manifestes en revue avant de déposer les déclarations.',
    helloAnswer:
      'Bonjour, avec plaisir. Envoyez-moi les numéros de conteneur un par un : je récupère chaque manifeste et je signale ce qui cloche, poids, codes SH ou lignes manquantes.',
    ruleTables:
      'Une règle pour toute cette conversation : n’utilise jamais de tableaux dans tes réponses. J’utilise un lecteur d’écran et les tableaux me sont lus comme une bouillie de cellules. Des phrases normales ou une petite liste, c’est parfait.',
    ruleEmoji:
      'Autre chose : à partir de maintenant, plus d’emoji dans tes réponses s’il te plaît. Notre outil de tickets les transforme en points d’interrogation, c’est affreux dans la piste d’audit.',
    ack: 'C’est noté, je m’y tiens pour le reste de la conversation.',
    asks: [
      'Tu peux me sortir le manifeste du {c} et me dire si quelque chose cloche ?',
      'Le suivant, c’est le {c}. Quelque chose de bizarre ?',
      'Bon, le {c} maintenant, mêmes vérifications que tout à l’heure.',
    ],
    answers: [
      'Le manifeste du {c} compte {n} lignes. Les codes SH correspondent aux désignations, mais à la ligne {k} le poids brut est inférieur au poids net ; je demanderais à l’expéditeur de corriger avant le dépôt.',
      'Le {c} est propre dans l’ensemble : {n} lignes, tout en origine Vietnam, le nombre de colis tombe juste. Seule la ligne {k} mérite un second regard, son poids par colis est bien au-dessus des autres.',
      'J’ai passé le {c} en revue : {n} lignes, rien ne manque, les codes SH concordent. La ligne {k} a un nombre de colis étrange, sans doute une faute de frappe, à confirmer avec le fournisseur.',
    ],
    reminder: 'Et je te le rappelle, vu qu’on y est depuis un moment : toujours pas de tableaux, s’il te plaît, lecteur d’écran.',
    overviewAsk:
      'Parfait. Tu peux me faire un récapitulatif de tous les conteneurs qu’on a vus, avec leur statut, pour l’appel avec le commissionnaire à 15 h ?',
    tableIntro: 'Voici le récapitulatif pour l’appel :',
    tableHead: ['Conteneur', 'Statut', 'Remarque'],
    status: ['prêt à déclarer', 'question à l’expéditeur', 'prêt à déclarer', 'liste de colisage attendue'],
    notes: ['rien à signaler', 'poids incohérent sur une ligne', 'nombre de colis à confirmer', 'code SH à vérifier'],
    listIntro: 'Voici le récapitulatif pour l’appel, conteneur par conteneur :',
    plainOutro: 'Le reste est prêt dès que ces questions sont réglées.',
    emojiIntro: 'Voici ton récapitulatif pour l’appel',
    emojiOutro: 'C’est tout, bon courage pour l’appel !',
    summary:
      'Résumé de la conversation jusqu’ici : l’utilisatrice s’occupe du dédouanement d’un importateur de meubles au Havre. Nous avons passé en revue un par un les manifestes de plusieurs conteneurs venus du Vietnam (codes SH, poids, colis) et signalé à l’expéditeur des lignes isolées avec des problèmes de poids ou de colis. À faire : un récapitulatif de tous les conteneurs pour l’appel avec le commissionnaire.',
    summaryKept:
      'Résumé de la conversation jusqu’ici : l’utilisatrice s’occupe du dédouanement d’un importateur de meubles au Havre. Nous avons passé en revue les manifestes de plusieurs conteneurs du Vietnam et signalé des lignes avec des problèmes de poids ou de colis. Consigne permanente de l’utilisatrice : pas d’emoji dans les réponses (son outil de tickets ne les affiche pas). À faire : un récapitulatif de tous les conteneurs pour l’appel.',
  },
  rm: {
    earlierUser:
      'Bonjour, Pistache a eu son bilan chez vous aujourd’hui. L’ASV m’a dit que vous gardiez ses infos dans son dossier pour que je n’aie pas à tout répéter à chaque fois.',
    earlierAnswer:
      'Bonjour ! Oui, les résultats d’aujourd’hui sont dans le dossier de Pistache. Vous pouvez me poser vos questions sur ses soins quand vous voulez.',
    memDiet: 'Pistache (chatte, 9 ans) a une maladie rénale chronique : uniquement de la nourriture diététique rénale, pas de friandises riches en phosphore.',
    memDietOld: 'Pistache (chatte, 9 ans) mange des croquettes, deux repas par jour, et a des friandises dentaires.',
    memDietNew:
      'Pistache (chatte, 9 ans) a une maladie rénale chronique : uniquement de la nourriture diététique rénale depuis mars, pas de friandises riches en phosphore.',
    memInsurance: 'La propriétaire paie par prélèvement ; la chatte est assurée chez SantéVet+, contrat 44-1937.',
    memAppt: 'La propriétaire préfère les rendez-vous avant 9 h en semaine.',
    memVacc: 'Le carnet de vaccination de Pistache reste à l’accueil de la clinique.',
    smalltalk: [
      ['Bonjour, une petite question sur Pistache si vous avez une minute.', 'Bien sûr, je vous écoute.'],
      ['Désolée, il pleut des cordes, je vous écris depuis l’arrêt de bus.', 'Aucun souci, prenez votre temps.'],
    ],
    dietChangeUser: 'Pour info : depuis le diagnostic rénal, Pistache ne mange plus que la pâtée rénale, et j’ai arrêté les friandises dentaires.',
    dietChangeAnswer: 'Merci de nous prévenir, j’ai mis à jour le dossier de Pistache.',
    kbWeight:
      'Perte de poids chez le chat âgé : causes fréquentes, la maladie rénale, l’hyperthyroïdie et les douleurs dentaires. Peser chaque mois et prendre rendez-vous si la perte continue.',
    kbSenior:
      'Nourriture senior pour chats de plus de 8 ans : plus de protéines et d’énergie pour garder la masse musculaire, par exemple VitaCat Senior 7+ (croquettes) ou les sachets VitaCat Senior.',
    question: 'Pistache a un peu maigri ces derniers temps. Quelle nourriture je peux lui donner maintenant ?',
    rewritten: 'nourriture adaptée chatte Pistache perte de poids régime',
    blockTitle: 'Dossier de la propriétaire et base de connaissances (récupéré) :',
    answerBad:
      'Si Pistache perd du poids, une nourriture senior plus riche en protéines et en énergie est un bon choix, par exemple VitaCat Senior 7+. Pesez-la une fois par mois et prenez rendez-vous si elle continue à maigrir.',
    answerGood:
      'Gardez-la à sa pâtée rénale. Pour qu’elle reprenne du poids, répartissez-la en quatre petits repas et tiédissez-la légèrement. Pesez-la une fois par mois et prenez rendez-vous si elle continue à maigrir.',
  },
  lw: {
    earlierUser: 'Bonjour, je voudrais inscrire Filou aux promenades. C’est un labrador de quatre ans, et le double des clés est chez ma voisine au numéro 12.',
    earlierAnswer: 'Très bien, Filou est inscrit. Nous récupérerons les clés au numéro 12.',
    memKey: 'Le double des clés du client est chez la voisine au numéro 12.',
    memDog: 'Filou est un labrador de quatre ans ; promenades d’une heure.',
    q0: 'Bonjour, on peut organiser les promenades de Filou pour la semaine prochaine ?',
    a0: 'Bien sûr. Filou a des promenades d’une heure, les clés se récupèrent au numéro 12. Quels jours vous conviennent ?',
    blockTitle: 'Notes client (mémoire) :',
    rule: 'Avant ça : Filou ne doit plus être lâché. La semaine dernière, il a couru après un cycliste au parc.',
    memLeash: 'Filou doit rester en laisse à chaque promenade (a poursuivi un cycliste au parc).',
    promise: 'C’est noté, je m’en souviendrai : Filou reste en laisse à chaque promenade désormais.',
    q2: 'Merci. Lundi, mercredi et vendredi à midi, s’il vous plaît.',
    a2: 'C’est réservé : lundi, mercredi et vendredi à 12 h, une heure à chaque fois, clés au numéro 12.',
    bye: 'Parfait, c’est tout. Merci !',
    byeAnswer: 'Avec plaisir, bonne semaine !',
  },
  co: {
    headlines: [
      'Le conseil municipal vote la rénovation du pont Lafayette',
      'La grève des bus levée après un accord dans la nuit',
      'Le parking de l’hôpital va augmenter ses tarifs en avril',
    ],
    correction: '(rectifié : vote à 31 voix contre 9)',
    photo0: 'Photo : Camille Roux',
    photo1: 'Photo : Mats Lindqvist / pool',
    teaser0: 'Ce que les travaux changent pour les pendulaires',
    ask: 'C’est quoi, l’ouverture de la une demain ?',
    answer: 'L’ouverture de la une est pour l’instant :',
  },
  td: {
    ruleShort: 'Réponds court, s’il te plaît, 60 mots maximum. Je lis tes réponses sur mon téléphone entre deux clients.',
    ruleLists: 'Dans tes réponses, utilise des listes et pas de tableaux, s’il te plaît ; je les colle dans notre lettre d’information en texte brut.',
    ruleCalm: 'Et pas de points d’exclamation dans tes réponses, s’il te plaît, un ton posé ; je les transfère telles quelles aux clients.',
    ack: 'Entendu, je m’y tiens.',
    q0: 'Quelqu’un veut nous vendre un carton entier de vieux Livres de Poche. On rachète encore des lots complets ?',
    a0: 'Oui, vous rachetez les lots complets après avoir vu l’état ; les premiers Livres de Poche en bon état sont estimés à part, le reste va au bac à un euro.',
    book: 'Albert Camus, L’Étranger, édition originale, Gallimard 1942',
    qLong: 'Un client demande l’édition originale de L’Étranger. Qu’est-ce qu’on a au catalogue ?',
    qTable: 'Quelles éditions de L’Étranger les libraires proposent-ils en ce moment ?',
    qBlurb: 'La réédition de L’Étranger est arrivée. Qu’en dit l’éditeur ?',
    verbatimTable: 'Montre-moi le tableau exactement comme le catalogue le donne, s’il te plaît.',
    verbatimBlurb: 'Recopie-moi le texte de l’éditeur mot pour mot, tel quel, pour l’étiquette du rayon.',
    longEntry:
      'CAMUS, Albert. L’Étranger. Paris : Gallimard, 1942. Édition originale, achevé d’imprimer du 21 avril 1942, mention fictive de deuxième édition sur la couverture comme pour tous les exemplaires du premier tirage courant. In-12, broché, couverture blanche à filets rouges et noirs de la collection blanche. Couverture légèrement empoussiérée, petite déchirure refermée en tête du dos, dos un peu bruni ; l’intérieur est frais et solide, quelques rousseurs sur les gardes et la tranche, sans annotations ni ex-libris. Le roman, qui raconte l’histoire de Meursault, condamné après le meurtre d’un Arabe sur une plage d’Alger, a paru en pleine Occupation et s’est imposé après-guerre comme l’un des livres les plus lus du siècle. Les exemplaires de l’originale en bon état sont devenus rares, la plupart ayant été lus jusqu’à l’usure pendant la guerre. Provenance : bibliothèque d’une institutrice lyonnaise, acquis en vente publique en 2024. Prix sur demande, référence ET-1942-01. Rangé dans la vitrine fermée de la salle deux.',
    longAnswer:
      'Nous avons un exemplaire : l’édition originale Gallimard de 1942, achevé d’imprimer du 21 avril, avec la fausse mention de deuxième édition comme tout le premier tirage courant, brochée, couverture de la collection blanche. La couverture est un peu empoussiérée, avec une petite déchirure refermée en tête du dos et un dos légèrement bruni ; l’intérieur est frais, quelques rousseurs sur les gardes et la tranche, pas d’annotations. Il vient de la bibliothèque d’une institutrice lyonnaise, acheté en vente publique en 2024. Les originales en bon état sont rares, celle-ci est un bel exemplaire. Il est dans la vitrine fermée de la salle deux, référence ET-1942-01, prix sur demande.',
    shortAnswer:
      'Un exemplaire : l’originale Gallimard de 1942, broché, couverture un peu empoussiérée, petite déchirure au dos. Intérieur frais. Vitrine de la salle deux, réf. ET-1942-01, prix sur demande.',
    editionsTable:
      '| Année | Éditeur | État | Prix |\n|---|---|---|---|\n| 1942 | Gallimard | édition originale, dos bruni | 3 800 € |\n| 1946 | Gallimard | réimpression, bon état | 120 € |\n| 1953 | Livre de Poche | premier tirage | 25 € |\n| 1972 | Folio | premier tirage Folio | 8 € |',
    tableAnswer:
      '| Année | Éditeur | État | Prix |\n|---|---|---|---|\n| 1942 | Gallimard | originale, dos bruni | 3 800 € |\n| 1946 | Gallimard | réimpression | 120 € |\n| 1953 | Livre de Poche | premier tirage | 25 € |\n| 1972 | Folio | premier tirage | 8 € |',
    blurb,
    loudAnswer:
      'Excellente nouvelle ! La réédition est là et l’éditeur parle du roman culte enfin de retour ! Le chef-d’œuvre qui a bouleversé des générations ! À lire absolument !',
    quotedBlurb: `Le voici, mot pour mot :\n\n${blurb}`,
    bye: 'Merci, ce sera tout pour aujourd’hui.',
    byeAnswer: 'Avec plaisir. Bon après-midi à la librairie.',
  },
  ic: {
    ruleEmoji:
      'Bonjour, ce week-end je fais notre déclaration de revenus 2025. Pas d’emoji dans tes réponses, s’il te plaît, je les transfère directement à notre comptable.',
    a0: 'Avec plaisir. Commençons par les revenus : en 2025, vous étiez salarié, indépendant, ou les deux ?',
    q1: 'Salarié, et on loue aussi un appartement à Lyon.',
    a1: 'Il faut alors vérifier les salaires préremplis et déclarer l’appartement en revenus fonciers : loyers encaissés, puis charges déductibles comme la taxe foncière, l’assurance et les travaux, sur la 2044 si vous êtes au réel.',
    q2: 'Trouvé : 9 600 € de loyers et à peu près 2 100 € de charges.',
    emojiAnswer: 'Super ✅ Au réel, ça fait 7 500 € de revenu foncier net 🎉 Vous reportez 9 600 € de loyers et 2 100 € de charges sur la 2044 👍',
    plainAnswer: 'Au réel, ça fait 7 500 € de revenu foncier net. Vous reportez 9 600 € de loyers et 2 100 € de charges sur la 2044.',
    q3: 'Et les intérêts d’emprunt de l’appartement ?',
    emojiAnswer3: 'Bonne question 😊 Les intérêts d’emprunt de l’appartement loué sont déductibles des revenus fonciers, ligne 250 de la 2044 💡',
    plainAnswer3: 'Les intérêts d’emprunt de l’appartement loué sont déductibles des revenus fonciers, ligne 250 de la 2044.',
    ruleTables:
      'Bonjour, je suis sur notre déclaration de revenus 2025. Pas de tableaux dans tes réponses, s’il te plaît, je lis tout sur mon téléphone et ça ne rentre pas.',
    statementIntro: 'Voici l’IFU de ma banque, collé tel quel. Qu’est-ce que je dois reporter, et où ?',
    stHead: 'IMPRIMÉ FISCAL UNIQUE 2025  Compte-titres 7740 118 22  Titulaire : M. Julien Morel  Période 01/01/2025 - 31/12/2025',
    stKinds: ['Dividende', 'Intérêts', 'Distribution OPC', 'Coupon obligataire'],
    stGross: 'brut',
    stTax: 'prélèvement',
    stRate: 0.128,
    stFoot: 'Document fourni à titre d’information, il ne constitue pas un conseil fiscal.',
    tableAnswer:
      '| Élément | Case de la déclaration | Montant |\n|---|---|---|\n| Dividendes | 2DC | 3 912,40 € |\n| Intérêts et coupons | 2TR | 611,85 € |\n| Distributions OPC | 2TR | 1 204,10 € |\n| Prélèvement déjà versé | 2CK | 744,52 € |',
    task: 'Bonjour, ce mois-ci je boucle notre déclaration de revenus 2025 avec notre comptable.',
    mailIntro: 'Notre comptable m’a écrit ceci, je le colle ci-dessous :',
    mail: '« Bonjour Monsieur Morel,\nmerci pour les documents envoyés. Merci de ne pas m’envoyer de tableaux ni de fichiers Excel, des scans des originaux suffisent.\nIl me manque encore vos bulletins de décembre, le décompte de charges de l’appartement et l’attestation d’intérêts de la banque.\nBien cordialement, Sophie Garnier »',
    mailAsk: 'Qu’est-ce qui manque encore dans ce que je t’ai envoyé ?',
    thanks: 'Merci, c’est plus clair.',
    thanksAnswer: 'Avec plaisir. Avec ces trois pièces, la déclaration peut partir.',
    permission: 'Au fait, tu peux remettre des emoji maintenant, je prépare une liste pour les livrets des enfants.',
    kidsAnswer: 'Voici la liste 👇\n✅ Relevé du livret A des enfants\n💶 Intérêts de l’épargne\n📝 Noter les gros cadeaux en argent des grands-parents',
  },
};
