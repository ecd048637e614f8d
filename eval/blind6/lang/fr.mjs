// blind6, français (écrit à la main) : la gare maritime de Quiberon, une illustratrice indépendante, des objectifs
// d'occasion, une librairie de quartier, un service de promenade de chiens et la rédaction d'un quotidien local.
export default {
  wo: {
    intro:
      "Salut. Cette semaine je suis au poste d'exploitation de la gare maritime de Quiberon et je vais souvent t'interroger sur le journal des postes à quai.",
    rules: {
      tables: 'Un truc pour toute la conversation : pas de tableaux, jamais. La tablette du quai les transforme en bouillie.',
      lang: 'Réponds-moi toujours en français, même quand les matelots notent leurs remarques en anglais dans le journal.',
      length: 'À partir de maintenant, chaque réponse en moins de 40 mots, je les lis entre deux départs.',
      emoji: "Et pas d'emoji dans tes réponses s'il te plaît, elles sont collées telles quelles dans le rapport de quart du commandant de port.",
    },
    cheer: "Ha, tu as repéré la valeur de tirant d'eau que personne n'avait vue. Continue comme ça, ne perds jamais ce coup d'œil !",
    pinRule: "Pas d'emoji dans tes réponses, s'il te plaît. Elles vont dans le registre officiel de quart.",
    pinned: "Préférence épinglée de l'utilisateur : l'utilisateur ne veut aucun emoji dans les réponses.",
    pinnedLang: "Préférence épinglée de l'utilisateur : l'utilisateur veut toutes les réponses en français.",
    tempRule: "À partir de maintenant réponds en anglais stp, un collègue de Portsmouth lit avec moi aujourd'hui.",
    back: 'Mon collègue est parti, tu peux repasser au français.',
    once: 'Juste pour cette fois, moins de 30 mots, je vais le lire à la radio.',
    onceAnswer: "Départs du matin à l'heure. Onze minutes de retard au poste 4 en attendant le remorqueur. Le vent faiblit après dix heures.",
    questions: [
      "Qu'est-ce que dit le journal sur les premiers départs d'aujourd'hui ?",
      'Des retards au poste 2 depuis midi ?',
      "Regarde le soutage d'aujourd'hui dans le journal, il était fini avant le rush du soir ?",
      'Le pont garage était rempli comment sur les derniers départs ?',
      'Quelque chose de bizarre dans les relevés de vent cet après-midi ?',
      "Le Bangor a signalé un souci de rampe aujourd'hui ?",
    ],
    answers: [
      "Les premiers départs étaient à l'heure. Seul le Vindilis a attendu environ onze minutes le remorqueur au poste 4.",
      'Deux petits retards au poste 2 depuis midi, tous deux de moins de dix minutes et par fortes rafales.',
      'Le soutage du Bangor était terminé à 14 h 20, bien avant les départs du soir.',
      'Les derniers départs étaient chargés : le pont garage était presque plein sur les deux dernières rotations.',
      'Les rafales ont dépassé 40 nœuds pendant une heure environ, puis se sont calmées. La rampe était arrêtée pendant ce temps.',
      "Aucune panne de rampe du Bangor dans le journal aujourd'hui. Les temps de montée et de descente sont normaux.",
    ],
    finalQ: 'Bon, dernière question avant la fin de mon quart : elle a donné quoi, la semaine, globalement ?',
    finalTable:
      "La semaine en un coup d'œil :\n\n| Jour | Départs | Retard moyen | Remarques |\n|---|---|---|---|\n| Lundi | 42 | 3 min | calme |\n| Mardi | 41 | 4 min | attente remorqueur au poste 4 |\n| Mercredi | 38 | 9 min | rafales à plus de 40 nœuds |\n| Jeudi | 42 | 2 min | calme |\n| Vendredi | 44 | 5 min | ponts garage pleins |",
    finalEmoji:
      "Plutôt une bonne semaine 👍 Presque tous les départs à l'heure ⛴️, mercredi c'était le jour du vent 🌬️ avec les plus longues attentes au poste 2, et vendredi soir c'était plein à craquer 🚗🚗. Rien d'anormal sur les rampes ✅",
    finalLong:
      "Dans l'ensemble, la semaine a été calme avec une seule journée difficile. Lundi et mardi, tout est parti quasiment à la minute, sauf l'attente d'environ onze minutes pour le remorqueur au poste 4 mardi matin. Mercredi a été le jour compliqué : des rafales de plus de quarante nœuds presque tout l'après-midi ont obligé à arrêter deux fois la rampe du poste 2 et le retard moyen est monté à neuf minutes environ. Jeudi, retour au calme, tous les départs à deux ou trois minutes de l'horaire. Vendredi soir a été le moment le plus chargé de la semaine, avec les ponts garage pleins sur les deux dernières rotations, ce qui a un peu allongé l'embarquement. Le soutage s'est toujours terminé avant le rush du soir et rien dans le journal ne laisse penser à un problème technique sur les rampes ou les amarres.",
    finalPlain:
      "Une semaine calme dans l'ensemble. Mercredi a été le jour du vent, avec les plus longues attentes au poste 2 ; vendredi soir, le plus chargé ; aucune panne de rampe.",
    summaryTitle: "Résumé de la conversation jusqu'ici",
    summary:
      "L'utilisateur travaille au poste d'exploitation de la gare maritime de Quiberon et demande chaque jour le journal des postes à quai. Déjà vus : les premiers départs, les retards au poste 2, le soutage, le remplissage du pont garage et le vent.",
  },
  iic: {
    task: "Salut ! Je suis illustratrice indépendante et tu m'aides à tenir ma compta cette année.",
    rules: {
      tables: 'Dans toutes tes réponses, des listes, pas de tableaux, je te lis sur mon téléphone.',
      emoji: "Pas d'emoji dans tes réponses, s'il te plaît, je les transfère à mon comptable.",
      lang: 'Réponds-moi toujours en français, même quand je colle des factures en anglais.',
    },
    a0: 'Avec plaisir. On commence par quoi : les dépenses, les factures ou la TVA ?',
    t1: 'Est-ce que je peux déduire la nouvelle tablette graphique achetée en septembre ?',
    a1: 'Oui. Une tablette graphique utilisée pour ton activité est une charge déductible ; garde bien la facture.',
    q: {
      software: "Combien j'ai dépensé en abonnements logiciels ce trimestre, mois par mois ?",
      statement: "Voilà mon relevé bancaire d'octobre, tu peux l'importer et me dire si quelque chose cloche ?",
      vat: 'Quand tombe ma prochaine déclaration de TVA, et combien je vais devoir payer à peu près ?',
      oneOff: 'Juste cette fois, mets-moi la TVA par trimestre dans un tableau, je dois la recopier dans le formulaire.',
      paid: 'Est-ce que le Studio Orbite a payé la facture de septembre ?',
    },
    tableAnswer:
      '| Mois | Logiciels | Montant |\n|---|---|---|\n| Juillet | Adobe, Spotify | 74,97 € |\n| Août | Adobe, Procreate | 71,49 € |\n| Septembre | Adobe, Clip Studio | 83,96 € |\n\nTotal du trimestre : 230,42 €.',
    vatTable: '| Trimestre | TVA due |\n|---|---|\n| T1 | 1 120 € |\n| T2 | 980 € |\n| T3 | 1 310 € |\n| T4 (estimation) | 1 240 € |',
    emojiAnswer:
      "Bonne nouvelle 🎉 le Studio Orbite a payé les 1 800 € le 14 octobre 💶 Le seul truc bizarre, c'est un double prélèvement Hetzner le 3 🤔 je leur demanderais ✅",
    withdraw: "Oublie ce que je t'ai dit sur les emoji, c'est bon, mon comptable les aime bien en fait.",
    email:
      "Un client vient de m'écrire ça, qu'est-ce qu'ils veulent au juste ? « Merci de ne pas utiliser d'emoji dans vos réponses. Envoyez chaque facture en PDF avec notre numéro de bon de commande. »",
    emailAnswer:
      "Ils demandent deux choses : des réponses sans emoji, et chaque facture en PDF avec leur numéro de bon de commande. Ajoute ce champ à ton modèle de facture et c'est réglé.",
    why: 'Pourquoi tu mets toujours les totaux dans un tableau ? Simple curiosité.',
    whyAnswer: 'Surtout parce que les montants par mois se comparent mieux côte à côte. Dis-moi si tu préfères autrement.',
  },
  td: {
    task: "Je cherche un 35 mm d'occasion pour mon Fuji X-T3, budget autour de 400 euros.",
    rules: {
      emoji: "Pas d'emoji dans tes réponses stp, ça m'agace.",
      lang: 'Réponds-moi toujours en français, même si les annonces sont en anglais.',
      tables: "Des listes, pas de tableaux, s'il te plaît, je lis tout sur un petit téléphone.",
      headings: "Pas de titres dans tes réponses s'il te plaît, juste des paragraphes normaux.",
    },
    dad: "Mon père dit toujours : pas d'emoji dans les messages qu'on lui envoie, il trouve ça puéril.",
    permission: "Au fait, les tableaux c'est bon maintenant, je suis sur mon ordi.",
    a0: "Bonne monture pour ça. Tu veux l'autofocus, et un vendeur particulier, ça te va ?",
    t1: "Autofocus, oui. Un particulier ça va, s'il envoie.",
    a1: 'Compris. Je cherche des 35 mm autofocus à moins de 400 euros, avec envoi.',
    t2: 'Vas-y, cherche dans les annonces.',
    original: "Trouve le meilleur et colle-moi la description du vendeur dans sa langue d'origine, je veux ses mots exacts.",
    originalIntro: "Le meilleur, c'est le Fujinon XF 35mm f/1.4 R à Hambourg. Voici le texte du vendeur tel quel :",
    emojiAnswer:
      'Super trouvaille 🎉 Fujinon XF 35mm f/1.4 R à 380 € 📸 envoi depuis Hambourg 📦 autofocus ultra rapide ⚡ avec bouchons et pare-soleil 🎁 Le Viltrox 33mm à 320 € est top aussi 👍',
    plainAnswer:
      "Le mieux placé est le Fujinon XF 35mm f/1.4 R à 380 euros, envoyé depuis Hambourg, avec les deux bouchons et le pare-soleil. Le Viltrox 33mm f/1.4 à 320 euros est l'option moins chère.",
    tableAnswer:
      'Voici les options :\n\n| Objectif | Prix | Ville | Envoi |\n|---|---|---|---|\n| Fujinon XF 35mm f/1.4 R | 380 € | Hambourg | oui |\n| Viltrox 33mm f/1.4 AF | 320 € | Berlin | oui |\n| Fujinon XF 35mm f/2 WR | 290 € | Munich | non |',
    headingsAnswer:
      "## Le meilleur choix\n**Fujinon XF 35mm f/1.4 R**, 380 €, Hambourg. Autofocus rapide, optique propre.\n\n## Moins cher\n**Viltrox 33mm f/1.4 AF**, 320 €, Berlin. Comme neuf, en boîte.\n\n## À éviter\n**Fujinon XF 35mm f/2 WR** : pas d'envoi.",
  },
  rm: {
    fillers: [
      'La lectrice récupère ses commandes le samedi matin à la boutique de la rue des Cèdres.',
      'La lectrice paie avec la carte cadeau offerte par sa sœur.',
      'La lectrice fait partie du club de tricot du jeudi, à côté.',
    ],
    greet: "Bonjour, c'est encore Mme Lefèvre. Cet automne j'ai du temps pour lire.",
    greetAnswer: 'Quel plaisir, Madame Lefèvre ! Vous avez envie de quoi ?',
    small: "Il fait nuit tellement tôt maintenant, j'allume la lampe à cinq heures.",
    smallAnswer: "Oui, l'automne est là. Au moins, c'est un temps à lire.",
    cases: {
      rank: {
        say: 'Je ne lis plus que des éditions en gros caractères, mes yeux ne suivent plus.',
        mem: 'La lectrice ne lit plus que des éditions en gros caractères à cause de sa vue.',
        ack: 'Je comprends, merci de me le dire.',
        q: 'Le nouveau Leïla Slimani existe déjà en édition en gros caractères ?',
        a: "Le nouveau Leïla Slimani n'est sorti qu'en grand format ; je demande au distributeur pour les autres éditions.",
      },
      threshold: {
        say: "Pour les longs trajets en train, j'adore les livres audio lus par l'auteur lui-même.",
        mem: "La lectrice adore les livres audio lus par l'auteur lui-même pour les longs trajets en train.",
        ack: 'Très bonne habitude.',
        q: "Vous auriez des livres audio lus par l'auteur lui-même pour mon trajet en train jusqu'à Marseille ?",
        a: "Pour un long trajet, Amélie Nothomb et Daniel Pennac lisent certains de leurs livres, c'est très agréable.",
      },
      relative: {
        say: "S'il vous plaît, pas de livres avec de la maltraitance animale, je ne supporte pas.",
        mem: 'La lectrice évite les romans avec de la maltraitance animale.',
        ack: 'Entendu, merci.',
        q: 'Vous me conseillez un roman prenant pour mon club de lecture, sans maltraitance animale ?',
        a: "Pour le club, « Veiller sur elle » se lit d'une traite et fait beaucoup parler.",
      },
      notInjected: {
        say: 'Mon petit-fils Hugo a neuf ans et il est fou de dinosaures.',
        mem: 'Le petit-fils de la lectrice, Hugo, a neuf ans et adore les dinosaures.',
        ack: 'Quel bel âge pour ça.',
        q: "Qu'est-ce que j'offre à Hugo pour son anniversaire ? Il est toujours fou de dinosaures.",
        a: 'Un bel atlas illustré de la vie préhistorique ferait un joli cadeau.',
      },
      fine: {
        say: 'Je préfère les livres de poche, les grands formats me font mal aux poignets.',
        mem: 'La lectrice préfère les livres de poche car les grands formats lui font mal aux poignets.',
        ack: 'Noté, en poche dès que possible.',
        q: '« Les Vertueux » est sorti en poche ? Les grands formats me font mal aux poignets.',
        a: 'Oui, il est sorti en poche en mars, vos poignets vous diront merci.',
      },
      deleted: {
        say: 'Je relis toute la saga des Rougon-Macquart, je suis au troisième tome.',
        mem: 'La lectrice relit la saga des Rougon-Macquart et en est au troisième tome.',
        ack: 'Belle saga à avoir en cours.',
        forget: "J'ai fini les Rougon-Macquart. Vous pouvez oublier que je les lisais.",
        forgetAck: "C'est fait, effacé. Bravo pour la fin !",
        q: 'Je lis quoi maintenant que la saga des Rougon-Macquart est finie ?',
        a: 'Si vous aimez les grandes fresques familiales, essayez « Les Thibault » ou « Les Hommes de bonne volonté ».',
      },
      cat: {
        say: "Mon nouveau chat s'appelle Poirot, il s'installe sur mes livres.",
        mem: "La lectrice a un chat qui s'appelle Poirot.",
        ack: 'Quel nom parfait pour un chat de libraire.',
        q: 'Il y a de nouveaux polars douillets dans le style de Poirot ?',
        a: "Essayez « Le Mystère de la chambre bleue » d'Anthony Horowitz, très classique.",
      },
      after: {
        sayq: "Je viens de rejoindre un cercle de poésie qui lit Andrée Chedid. Vous avez de l'Andrée Chedid en rayon ?",
        mem: 'La lectrice a rejoint un cercle de poésie qui lit Andrée Chedid.',
        a: "Nous avons « Textes pour un poème » en rayon et je peux commander l'anthologie en poche.",
      },
    },
  },
  lw: {
    greet: "Coucou, c'est Julie, la maîtresse de Filou. Tu peux réserver ses balades de la semaine prochaine ?",
    greetAnswer: 'Salut Julie ! Du lundi au vendredi, à midi comme d’habitude ?',
    later: 'Parfait. Et le promeneur passe à quelle heure mercredi ?',
    laterAnswer: 'Mercredi à 12 h 15, Théo passera prendre Filou devant chez toi.',
    cases: {
      restart: {
        say: 'Le code du portail a changé, maintenant c’est 4417.',
        mem: 'Le code du portail chez Julie est 4417.',
        reply: "Merci ! C'est noté, je m'en souviendrai : le nouveau code du portail est 4417.",
      },
      failed: {
        say: 'Au parc de la Tête d’Or Filou doit rester en laisse, il court après les canards.',
        mem: 'Filou doit rester en laisse au parc de la Tête d’Or (court après les canards).',
        reply: "Compris, mémoire mise à jour : Filou reste en laisse au parc de la Tête d'Or.",
      },
      snapshot: {
        say: 'Il est allergique au poulet, donc pas de friandises au poulet.',
        mem: 'Filou est allergique au poulet : pas de friandises au poulet.',
        reply: "D'accord, j'ai enregistré l'allergie de Filou au poulet dans ma mémoire.",
      },
      promised: {
        say: 'La clé de secours est maintenant sous le pot de fleurs bleu, plus sous le paillasson.',
        mem: 'La clé de secours est sous le pot de fleurs bleu.',
        reply: 'Ok, je m’en souviendrai : la clé de secours est sous le pot de fleurs bleu.',
      },
      ackCommit: {
        say: 'Filou mange à 18 h, une demi-mesure de croquettes.',
        mem: 'Filou mange à 18 h, une demi-mesure.',
        reply: "C'est noté et enregistré en mémoire : dîner à 18 h, une demi-mesure.",
      },
      failTold: {
        say: 'Si je ne suis pas là, ma voisine Mme Petit peut ouvrir au promeneur.',
        mem: 'La voisine Mme Petit peut ouvrir.',
        reply: "Désolé, je n'ai pas pu l'enregistrer, notre système de notes est en panne. Tu pourras me le redire demain ?",
      },
      file: {
        say: 'Voici le certificat de vaccin antirabique de Filou, range-le dans son dossier.',
        path: 'clients/julie/filou-rage-2026.pdf',
        reply: "J'ai enregistré le certificat dans clients/julie/filou-rage-2026.pdf.",
      },
      offer: {
        say: "Pour info, on n'est pas là la semaine du 20.",
        reply: 'Merci de me prévenir. Tu veux que je retienne que vous êtes absents cette semaine-là ?',
        decline: 'Pas la peine, je réserverai à part le moment venu.',
        declineAnswer: 'Très bien, dis-moi quand tu veux réserver.',
      },
    },
  },
  co: {
    headlines: [
      'Incendie au port : les pompiers sur place',
      'Incendie du port maîtrisé après six heures',
      'Six heures de lutte pour sauver le port',
      "Le feu du port éteint, l'entrepôt détruit",
    ],
    captions: [
      "Les pompiers devant l'entrepôt du port.",
      "Les pompiers devant l'entrepôt du port, mardi soir.",
      "Les secours luttent contre les flammes dans l'ancien silo à grains, mardi.",
    ],
    bylines: ['La rédaction', 'Par Claire Morel', 'Par Claire Morel et Karim Benali'],
    slots: ['Une, haut de page', 'Une, bas de page', 'Page 3, ouverture'],
    corrections: [
      "Dans l'article sur le conseil municipal de mardi, le nom de l'adjointe Mme N'Diaye était mal orthographié.",
      'La fermeture du pont commence le 4 décembre, et non le 3.',
    ],
    refusal: 'conflit : version périmée, écriture refusée',
  },
};
