// blind7, français (un maraîcher à Marmande, un couple à Lille, une randonneuse de Grenoble). Écrit à la main.
const days = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];

export default {
  code: 'fr',
  days,
  wo: {
    task: 'Je cultive des tomates en grappe dans trois serres près de Marmande et je veux reprendre avec toi le relevé climatique de la semaine, serre par serre.',
    rules: {
      noTables: 'Dans cette conversation, ne réponds jamais avec un tableau, sur le téléphone dans la serre il est coupé.',
      lang: 'À partir de maintenant, réponds-moi en français, mon anglais est bien rouillé.',
      noEmoji: "Pas d'emoji dans tes réponses, je les copie telles quelles dans le rapport de culture.",
      habit: "Dans mes propres rapports de culture, je n'utilise jamais de tableaux, les acheteurs de la coopérative ne lisent que du texte.",
    },
    restate: "Et comme je l'ai dit au début : pas de tableaux dans tes réponses, des phrases suffisent.",
    permit: "Bonne nouvelle, je suis au PC du bureau maintenant, donc à partir d'ici les tableaux, ça me va de nouveau.",
    memNoEmoji: 'Le maraîcher veut des réponses sans emoji.',
    ask: (h, d) => `Comment s'est passée la nuit de ${d} dans la serre ${h} ?`,
    answer: (t, h, d) =>
      [
        `La serre ${h} est restée entre 17,5 et 18,8 degrés dans la nuit de ${d} ; l'humidité est montée à 86 % avant l'aube, ce qui est normal à ce stade de la culture.`,
        `Le ${d}, les ouvrants de la serre ${h} se sont ouverts à environ un tiers vers midi et la température des tuyaux a baissé quand le soleil est sorti, le chauffage a fait son travail.`,
        `Les écrans de la serre ${h} se sont fermés à l'heure habituelle le ${d} ; à cause des nuages, la nuit est restée un demi-degré au-dessus de la consigne, rien d'inquiétant.`,
        `Le CO2 de la serre ${h} est resté vers 450 ppm la nuit de ${d} et il est monté à environ 900 ppm en journée, ouvrants fermés, un bon niveau pour la nouaison.`,
      ][t % 4],
    finalAsk: 'Maintenant, fais-moi un court bilan de toute la semaine pour la réunion de lundi.',
    finalProse:
      "La semaine a été stable dans les trois serres. Les températures de nuit sont restées entre seize et dix-neuf degrés, l'humidité n'a été élevée que mercredi et jeudi matin, et les écrans se sont fermés à l'heure tous les soirs. L'injection de CO2 a un peu traîné les après-midi ensoleillés, à vérifier avant la prochaine livraison de gaz.",
    finalTable:
      "La semaine en un coup d'œil :\n\n| Serre | Temp. de nuit (°C) | HR max (%) | CO2 de jour (ppm) | Remarques |\n|---|---|---|---|---|\n| G1 | 16,4 à 18,6 | 88 | 880 | écrans à l'heure |\n| G2 | 16,9 à 19,1 | 91 | 940 | ouvrants bloqués mercredi |\n| G3 | 16,2 à 18,4 | 86 | 860 | injection longue vendredi |",
    finalEmoji:
      "Bonne semaine dans l'ensemble 🌞🍅 Les températures de nuit sont restées entre seize et dix-neuf degrés 🌡️, l'humidité n'a été élevée que mercredi et jeudi matin 💧, et les écrans se sont fermés à l'heure ✅. Seule l'injection de CO2 a traîné les après-midi ensoleillés ⚠️, à vérifier avant le prochain gaz 🚚.",
  },
  ic: {
    task: "On refait la salle de bains de l'appartement qu'on loue à Lille et on a deux devis de carreleurs ; aide-moi à les comparer et à planifier les travaux.",
    rules: {
      lang: "Réponds-moi toujours en français, s'il te plaît.",
      noExcl: "Pas de points d'exclamation dans tes réponses, s'il te plaît, je les colle dans des lettres à notre propriétaire.",
      noEmoji: "Pas d'emoji dans tes réponses, s'il te plaît.",
      noTables: "Pas de tableaux dans tes réponses, s'il te plaît, seulement des puces ou du texte.",
    },
    memHeader: 'Préférences connues de cet utilisateur (mémoire) :',
    memLists: "L'utilisateur préfère les listes à puces et ne veut jamais de tableaux dans les réponses.",
    a0: 'Avec plaisir. Envoie-moi les deux devis, la surface de la salle de bains et dis-moi si le propriétaire doit approuver les travaux avant le début.',
    q1: "La salle de bains fait environ 6 mètres carrés ; le premier devis est à 5 200 euros, le second à 6 400 euros. Qu'est-ce que je regarde en premier ?",
    a1: "Regarde d'abord ce que chaque devis comprend : la dépose de l'ancien carrelage, l'étanchéité, le receveur de douche et l'évacuation des gravats. Un gros écart entre deux devis vient en général de ces postes, pas de la pose elle-même.",
    a1list:
      "À regarder en premier :\n- si la dépose de l'ancien carrelage est comprise\n- si le sol et les murs sont étanchéifiés\n- qui fournit le receveur et le carrelage\n- qui évacue les gravats",
    q2: "Le second devis comprend l'étanchéité de tout le sol et la dépose de l'ancien carrelage. Lequel tu prendrais ?",
    q2tool: "J'ai téléversé le détail du second devis, tu peux passer les lignes en revue et me dire ce qui te frappe ?",
    redoTable: 'Tu peux refaire ta réponse précédente sous forme de tableau ? Je veux la coller dans notre tableur des travaux.',
    permitEmoji: 'Au fait, tu peux de nouveau utiliser des emoji, ma copine lit avec moi et elle aime ça.',
    a2: "Je prendrais le second : les 1 200 euros de plus couvrent l'étanchéité de tout le sol et la dépose de l'ancien carrelage, qui restent à ta charge avec le premier. Demande au premier carreleur un prix avec étanchéité avant de décider.",
    a2table:
      "| Poste | Premier devis | Second devis |\n|---|---|---|\n| Dépose de l'ancien carrelage | non compris | compris |\n| Étanchéité | murs seulement | murs et sol |\n| Receveur de douche | à fournir | compris |\n| Gravats | non compris | compris |\n| Prix | 5 200 euros | 6 400 euros |",
    a2excl:
      "Le second devis est vraiment détaillé ! Chaque ligne est chiffrée à part, et l'étanchéité seule coûte 700 euros ! Le joint époxy est un plus, mais la benne à 330 euros, c'est cher ! Demande si vous pouvez la partager avec les voisins !",
    a2emoji:
      "Je partirais sur le second devis 🛁✨ Il comprend l'étanchéité de tout le sol 💧 et la dépose de l'ancien carrelage 🔨, les 1 200 euros de plus valent le coup 👍",
  },
  td: {
    task: 'Je prépare un trek de quatre jours de refuge en refuge autour du Passo Valdritta mi-septembre, on sera deux.',
    rules: {
      short: 'Réponds toujours en moins de 40 mots, je te lis dans le tram.',
      noExcl: "Pas de points d'exclamation dans tes réponses, s'il te plaît, ça me stresse.",
      noXml: "Pas de XML ni d'autre balisage dans tes réponses, juste du texte brut.",
    },
    a0: "Mi-septembre, c'est bien : les refuges sont plus calmes et encore ouverts. Dortoir ou chambre, et quelle forme avez-vous pour de longues étapes ?",
    q1: 'Le dortoir ça va, on tient six heures par jour. Une étape délicate ?',
    a1: 'La descente sous le deuxième col a un court passage câblé ; par temps humide, prenez la variante par la forêt, une heure de plus.',
    q2: 'Cherche les refuges près du col pour la nuit du 15 septembre et dis-moi ce que tu trouves.',
    askVerbatim: 'Cherche les refuges près du col pour le 15 septembre et colle-moi la description du refuge telle quelle, je veux la transférer à mes amis.',
    askRelease:
      "Oublie ce que je t'ai dit sur les réponses courtes, je veux tous les détails maintenant : cherche les refuges près du col pour le 15 septembre.",
    a2long:
      "Le Rifugio Passo Valdritta, à 2 310 mètres, se trouve juste sous le col côté est, à une quarantaine de minutes de la selle par un sentier bien balisé. Il compte 46 lits répartis en six dortoirs et deux chambres de quatre ; les chambres sont en général complètes en septembre, comptez donc sur le dortoir. La demi-pension est servie à sept heures avec une soupe, un plat de polenta ou de pâtes et un dessert ; un repas végétarien est possible si vous le demandez à la réservation, végan seulement avec trois jours de préavis, car le ravitaillement monte par téléphérique deux fois par semaine. Le petit-déjeuner commence à six heures et demie et on peut commander un pique-nique la veille. Il n'y a pas de douche chaude, seulement un lavabo d'eau froide, et l'eau du robinet est potable. La carte est acceptée, mais la connexion saute souvent par mauvais temps, alors prenez du liquide pour deux nuits et un drap de sac, obligatoire. L'étape suivante jusqu'à Malga Sella prend environ cinq heures et demie, avec un court passage câblé sous le deuxième col ; sous la pluie, la variante par la forêt ajoute une heure. Le refuge ferme le dernier dimanche de septembre.",
    a2short:
      'Le Rifugio Passo Valdritta a des places en dortoir le 15 septembre, demi-pension vers 62 euros, pas de douche chaude ; prenez du liquide et un drap de sac. Réservez vite.',
    a2excl:
      "Le Rifugio Passo Valdritta est parfait pour vous ! Il reste des lits le 15 et à sept heures c'est leur fameuse polenta ! Prenez du liquide, le terminal de carte lâche par mauvais temps ! Réservez tout de suite !",
    xmlSummary: 'Deux refuges ont des lits les 15 et 16 septembre',
    verbatimIntro: 'Voici la description du refuge, telle quelle :',
  },
  rm: {
    user: 'client-lil-0417',
    other: 'client-lil-0932',
    prevUser: 'Tu peux noter que je récupère les vélos le samedi et que je paie via le leasing vélo de mon employeur ?',
    prevAnswer: 'Oui, retrait le samedi et paiement via le leasing.',
    d1: 'Le client récupère les vélos réparés le samedi matin.',
    d2: 'Le client paie via le leasing vélo de son employeur.',
    stmt: "J'ai un vélo électrique Gazelle de 2019 avec un moteur pédalier Bosch, et sur le moteur je ne veux que des pièces d'origine Bosch. Je peux réserver une révision pour la semaine prochaine ?",
    bookOnly: 'Je peux réserver une révision de mon vélo pour la semaine prochaine ?',
    memKey: "Le client a un vélo électrique Gazelle de 2019 avec un moteur pédalier Bosch et ne veut que des pièces d'origine Bosch sur le moteur.",
    ack0: 'Bien sûr, la semaine prochaine il reste de la place mardi et jeudi.',
    smalltalk: "Il a plu toute la semaine, l'atelier doit être plein.",
    smalltalkAns: "C'est vrai, surtout des crevaisons et des plaquettes. Jeudi matin est encore calme.",
    stmtNew: "Petite mise à jour : j'ai vendu le Gazelle le mois dernier, je roule maintenant avec un vélo électrique Riese & Müller à moteur Shimano EP8.",
    ackNew: "Merci pour l'info, on fera donc la révision du Riese & Müller.",
    memNew: 'Le client roule maintenant avec un vélo électrique Riese & Müller à moteur Shimano EP8.',
    query: "Quelles pièces pour le moteur de mon vélo électrique l'atelier doit-il commander avant la révision ?",
    memHeader: 'Ce que nous savons de ce client :',
    cardHeader: "Fiche client (du logiciel de l'atelier) :",
    ansMiss: "Quel vélo électrique as-tu, et quel moteur a-t-il ? Comme ça l'atelier pourra commander les bonnes pièces.",
    ansUse: "Pour ton Gazelle à moteur pédalier Bosch, l'atelier commandera des pièces d'origine Bosch : un kit de joints pour le moteur et un plateau neuf.",
    ansNew: "Pour le Riese & Müller à moteur Shimano EP8, l'atelier commandera chez Shimano un kit de joints et un plateau neuf.",
  },
  lw: {
    user: 'pat-lil-2291',
    prevUser:
      'Je suis envoyée par le docteur Lefebvre pour une rééducation du genou après mon opération du ligament croisé. Mon portable est le 06 12 34 54 18.',
    prevAnswer: 'Merci, les deux sont notés dans ton dossier.',
    refMem: 'La patiente est envoyée par le docteur Lefebvre pour une rééducation du genou après une opération du ligament croisé.',
    phoneMem: 'Portable de la patiente : 06 12 34 54 18.',
    memHeader: 'Notes sur la patiente :',
    bookAsk: 'Bonjour, je dois réserver mes prochaines séances de rééducation du genou.',
    a0: "Bien sûr. Combien de séances veux-tu réserver, et quels jours t'arrangent le mieux ?",
    stmt: "Six séances. Je ne peux venir qu'avant 10 heures le matin, je commence le travail à onze heures.",
    mem: "La patiente ne peut venir qu'aux rendez-vous avant 10 h.",
    promise: "C'est noté, je m'en souviendrai : tu ne peux venir qu'avant dix heures le matin.",
    offer: "Si tu veux, je peux retenir que tu ne peux venir qu'avant dix heures, pour que les prochains rendez-vous en tiennent compte.",
    decline: 'Pas la peine, mes horaires changent le mois prochain de toute façon. Réserve juste ces six-là.',
    a2decline: 'Entendu. Tu as six séances, le mardi et le vendredi à 8 h 30, à partir de la semaine prochaine.',
    q2: 'Tu peux me trouver six créneaux à partir de la semaine prochaine ?',
    a2: 'Tu as six séances, le mardi et le vendredi à 8 h 30, à partir de la semaine prochaine.',
    q3: 'Parfait, merci.',
    a3: 'Avec plaisir. À mardi, 8 h 30.',
    delAsk: "Et s'il te plaît, efface mon ancien numéro de portable de tes notes, je ne l'utilise plus.",
    delDone: "C'est fait, l'ancien numéro de portable est effacé de tes notes.",
  },
  co: {
    t1: 'Pompes à chaleur dans les maisons de ville : ce que montre un an de mesures',
    t2: 'Rénover les façades de brique sans les perdre',
    t3: "Coopératives d'énergie citoyenne : l'expérience lilloise",
    r1: 'Salle Deûle',
    r2: 'Salle Lys',
    r3: 'Grand amphi',
    c1: 'Camille Vasseur',
    c2: 'Mathieu Delcroix',
    speaker: 'Dr Nadia Benali',
    bio1: "Nadia Benali dirige l'équipe de physique du bâtiment de l'université de Lille.",
    bio2: "Nadia Benali dirige l'équipe de physique du bâtiment de l'université de Lille et conseille la métropole sur les normes de rénovation.",
  },
};
