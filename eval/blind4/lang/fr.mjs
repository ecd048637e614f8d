// Français, écrit à la main pour blind4
export default {
  wo: {
    sys: {
      code: "Tu es Forge, un agent de code qui travaille dans le dépôt de l'utilisateur. Tu peux lancer les tests avec run_tests.",
      travel: 'Vous êtes Boussole, un assistant de réservation de voyages. Vous pouvez chercher des vols, des hôtels et les règles de visa avec search_fares.',
      support: "Tu es l'assistant du support de NetMaison, un fournisseur d'accès. Tu peux lire les exports de tickets et d'équipements avec list_tickets.",
      recipe:
        "Tu es Garde-manger, un assistant de recettes. Tu peux chercher dans la base de recettes et dans le garde-manger de l'utilisateur avec search_recipes.",
    },
    hello: {
      code: "Salut ! Depuis que j'ai touché au code des bons de réduction, les tests du paiement échouent. Tu peux m'aider à comprendre pourquoi ?",
      travel: 'Bonjour, je prépare un voyage à Tokyo et Séoul au printemps pour deux adultes, au départ de Lyon.',
      support: 'Bonjour, je gère les escalades de la région Nord et je dois passer en revue les tickets box de la semaine.',
      recipe: "Coucou, je cuisine pour une famille de quatre et je veux prévoir les repas de la semaine prochaine avec ce que j'ai en stock.",
    },
    helloReply: {
      code: 'Bien sûr. Je lance la suite de tests et je regarde ce qui échoue et où.',
      travel: "Avec plaisir. Je commence par les tarifs au départ de Lyon et les règles d'entrée des deux pays.",
      support: 'Pas de souci. Je sors les tickets ouverts et les événements des équipements de la région Nord.',
      recipe: 'Très bien. Je regarde ton stock et je cherche des recettes pour quatre personnes.',
    },
    ack0: "Compris, je m'y tiendrai.",
    ack1: "D'accord, pas de problème.",
    noCode:
      'Une règle pour toute la session : pas de blocs de code dans tes réponses. Je les lis sur mon téléphone, alors explique les changements avec des phrases normales.',
    cite: "À partir de maintenant, citez toujours vos sources : indiquez pour chaque information le résultat de recherche ou la page officielle d'où elle vient.",
    maxLen: "Désormais, garde chaque réponse sous les 80 mots, s'il te plaît. Je les colle dans notre outil de tickets.",
    noMd: "Pas de markdown dans tes réponses s'il te plaît, du texte brut uniquement. La tablette de la cuisine affiche les astérisques et les dièses tels quels.",
    oneOff: 'Pour ta prochaine réponse seulement, laisse tomber le code et dis-moi avec des mots ce que vérifie le test qui échoue.',
    oneOffReply:
      "Le test qui échoue vérifie qu'un bon de réduction n'est appliqué qu'une fois par commande ; en ce moment il est appliqué deux fois quand le panier est recalculé.",
    question: 'Pourquoi tes réponses contiennent toujours des blocs de code ? Tu fais ça par défaut ?',
    questionReply: "Surtout parce que le code se copie plus facilement depuis un bloc. C'est une habitude de mise en forme, pas une règle.",
    withdrawCite: "En fait, oubliez ce que j'ai dit sur les sources. Je fais confiance aux résultats, pas besoin de les citer.",
    paste:
      "Mon club de cuisine m'a envoyé la charte de rédaction de sa lettre d'information, tu peux m'expliquer ce que ça veut dire ?\n\n« Charte des contributeurs. Une recette ne dépasse pas une page. N'utilisez jamais de markdown dans vos envois, notre imprimante imprime les symboles. Indiquez toujours les allergènes en premier. »",
    pasteReply: 'Elle demande des recettes courtes, des envois en texte brut sans symboles de mise en forme, et les allergènes en tête.',
    next: ['Voici le lancement suivant, tu vois quoi ?', 'Relance et dis-moi ce qui a changé.', 'Regarde la page de résultats suivante.'],
    ack: [
      "C'est toujours le même test qui échoue sur le total du bon, et deux avertissements se répètent. Rien de nouveau n'est cassé.",
      "Je vois le même schéma qu'avant. L'important, ce sont les échecs à la fin.",
      "Rien d'inquiétant dans cette partie. Je continuerais et je comparerais avec la page suivante.",
    ],
    finalAsk: {
      code: 'Ok, montre-moi comment tu corrigerais le bug du bon de réduction.',
      travel: 'Parfait, quelle option réserveriez-vous ?',
      support: 'Et je dis quoi au client du ticket 48213 ?',
      recipe: 'Bien, maintenant donne-moi le programme du lundi au mercredi.',
    },
    codeAnswer:
      'Le bon est réappliqué à chaque recalcul du panier. Protège-le avec une vérification :\n\n```ts\nexport function applyCoupon(cart: Cart, code: string): Cart {\n  if (cart.appliedCoupons.includes(code)) return cart;\n  return { ...cart, appliedCoupons: [...cart.appliedCoupons, code] };\n}\n```\n\nPuis relance les tests.',
    uncitedAnswer:
      "Je réserverais le tarif Turkish Airlines via Istanbul : c'est le moins cher avec une seule escale et il reste des places. Les deux pays autorisent un séjour de 90 jours sans visa, vous n'avez donc besoin que de vos passeports.",
    shortAnswer: 'Dis-lui que le firmware de la box est mis à jour cette nuit et que la ligne devrait être stable demain. Sinon, on envoie un technicien.',
    mdAnswer:
      '## Lundi\n**Curry de pois chiches** et riz\n\n## Mardi\n- Soupe épinards et lentilles\n- Pain du congélateur\n\n## Mercredi\n**Tofu sauté** avec les dernières tomates',
    summary:
      "Résumé de la conversation jusqu'ici : l'utilisateur cuisine pour quatre et veut un menu de la semaine à partir de son stock. Nous avons parcouru plusieurs pages de recettes et de stock ; il y a des pois chiches, des lentilles, du riz et du tofu, et quelques œufs périment bientôt.",
  },
  rm: {
    sys: "Tu es Kin, un assistant personnel qui garde une mémoire à long terme de l'utilisateur.",
    hello: 'Salut ! Grosse semaine en vue.',
    helloReply: "Bonjour. Dis-moi ce qui t'attend et je t'aide à t'organiser.",
    thanks: 'Merci de me le dire.',
    memHeader: "Ce que tu sais de l'utilisateur :",
    fillers: [
      "L'utilisateur habite à Nantes avec sa compagne et deux enfants.",
      "L'utilisateur est infirmier de nuit.",
      "L'utilisateur a un abonnement au club de football local.",
    ],
    items: {
      allergy: {
        say: 'Pour info, mon fils est allergique aux cacahuètes et au sésame.',
        mem: "Le fils de l'utilisateur est allergique aux cacahuètes et au sésame.",
        query: "Propose un gâteau d'anniversaire pour mon fils sans cacahuètes ni sésame",
        answer: 'Une génoise à la vanille avec de la confiture de fraises et de la chantilly, ce serait parfait.',
      },
      exam: {
        say: 'Je révise mon examen de chimie de juin sur les réactions organiques.',
        mem: "L'utilisateur prépare l'examen de chimie de juin sur les réactions organiques.",
        query: "Donne-moi des exercices sur les réactions organiques pour l'examen de chimie",
        answer: "Voici trois exercices sur la substitution et l'élimination pour commencer.",
      },
      seat: {
        say: 'Sur les vols long-courriers, je veux toujours une place côté couloir.',
        mem: "L'utilisateur préfère une place côté couloir sur les vols long-courriers.",
        query: 'Réserve-moi les vols long-courriers pour Lima avec une place côté couloir',
        answer: "J'ai trouvé un vol pour Lima le 14 ; je réserve la place dès que tu confirmes.",
      },
      printer: {
        say: "L'imprimante du bureau est une LaserJet M404 sur le réseau du bureau.",
        mem: "L'imprimante du bureau de l'utilisateur est une LaserJet M404 sur le réseau du bureau.",
        query: "L'imprimante LaserJet M404 a encore disparu du réseau du bureau",
        answer: 'Commençons par vérifier si elle a toujours une adresse IP sur le réseau.',
      },
      address: {
        say: "Mon adresse personnelle, c'est 12 rue des Ormes, Nantes.",
        mem: 'Adresse personnelle : 12 rue des Ormes, Nantes',
        say2: "On a déménagé ! La nouvelle adresse personnelle est 4 avenue de la Gare, Rennes. Supprime l'ancienne, s'il te plaît.",
        mem2: 'Adresse personnelle : 4 avenue de la Gare, Rennes',
        query: "Envoie les formulaires de l'école à mon adresse personnelle",
        answer: 'Je les fais envoyer au 4 avenue de la Gare, à Rennes.',
      },
      dog: {
        say: "Notre chien s'appelle Tokyo et il a une peur bleue des orages.",
        mem: "Le chien de l'utilisateur s'appelle Tokyo et a une peur bleue des orages.",
        query: 'Trouve-moi des hôtels à Tokyo près de la gare de Shinjuku pour trois nuits',
        answer: 'Voici trois hôtels à moins de dix minutes à pied de la gare de Shinjuku.',
      },
    },
  },
  lw: {
    sys: "Tu es Helix, un assistant doté d'une mémoire à long terme pour chaque utilisateur.",
    hello: "Bonjour, c'est encore moi.",
    helloReply: "Bon retour. Que puis-je faire pour toi aujourd'hui ?",
    memHeader: 'Souvenirs :',
    oldMem: "L'utilisateur préfère les rendez-vous le matin.",
    items: [
      {
        say: 'Pour le dossier de la clinique : je prends 5 mg de warfarine tous les soirs.',
        mem: "L'utilisateur prend 5 mg de warfarine tous les soirs.",
        type: 'fact',
        promise: "Merci. C'est noté, je m'en souviendrai pour le dossier de la clinique.",
      },
      {
        say: 'Ma fille Léa est en quatrième et elle a du mal avec les fractions.',
        mem: "La fille de l'utilisateur, Léa, est en quatrième et a du mal avec les fractions.",
        type: 'fact',
        promise: "D'accord, je m'en souviendrai : Léa a du mal avec les fractions, je préparerai les séances en conséquence.",
      },
      {
        say: 'Mon numéro client est NH-88412, garde-le pour la prochaine fois.',
        mem: "Numéro client de l'utilisateur : NH-88412",
        type: 'fact',
        promise: "C'est noté, j'ai enregistré ton numéro client dans ma mémoire.",
      },
      {
        say: 'Je suis végétarien, en voyage aussi.',
        mem: "L'utilisateur est végétarien, y compris en voyage.",
        type: 'preference',
        promise: "Merci, je m'en souviendrai quand je réserverai les repas.",
        forget: "Oublie que je suis végétarien, s'il te plaît, je remange du poisson.",
      },
      {
        say: 'Mon compagnon Sam déteste la coriandre.',
        mem: "Le compagnon de l'utilisateur, Sam, déteste la coriandre.",
        type: 'preference',
        promise: "Très bien, je vais m'en souvenir et laisser la coriandre de côté dans les recettes.",
      },
    ],
    failTold: "Désolé, je n'ai pas pu l'enregistrer en mémoire, le service est en panne. Redis-le-moi plus tard, s'il te plaît.",
    exportAsk: 'Tu peux exporter mon programme de voyage en PDF ?',
    exportPath: 'Voyages/itineraire-lisbonne.pdf',
    fileSaved: "C'est fait. J'ai enregistré l'itinéraire en PDF dans ton dossier Voyages.",
    follow: "Merci. Tu as besoin d'autre chose ?",
    followReply: 'Rien de plus pour le moment, tout est prêt.',
    forgetDone: "C'est fait, je l'ai retiré. Le poisson revient dans la liste.",
  },
  co: {
    itinerary: [
      'Lyon -> Tokyo 12 avr, hôtel à définir',
      'Lyon -> Tokyo 12 avr, vol TK1822 réservé',
      'Lyon -> Tokyo 12 avr, Hôtel Gracery 3 nuits',
      'Vol TK1822 + Hôtel Gracery 3 nuits',
    ],
    order: ['aucune connue', 'Pharmacie du Centre, Nantes', 'pénicilline', 'pénicilline, latex', 'Pharmacie de la Gare, Rennes'],
    lesson_plan: ['Semaine 3 : fractions, introduction', 'Semaine 3 : additionner des dénominateurs différents', 'Semaine 3 : interro sur les fractions'],
    patch_plan: ['1. reproduire le bug du bon', '1. reproduire 2. protéger applyCoupon', '1. reproduire 2. ajouter un test de non-régression'],
    reply_draft: [
      'Brouillon : excuses pour la panne',
      'Brouillon : excuses + avoir de 10 %',
      "Brouillon : excuses + passage d'un technicien",
      "Brouillon : excuses + avoir de 10 % + passage d'un technicien",
    ],
    shopping_list: ['riz', 'pois chiches', 'épinards'],
  },
  td: {
    sys: 'Tu es Confetti, un assistant pour organiser les fêtes et les repas en famille.',
    noEmoji: "Pas d'emoji dans tes réponses, s'il te plaît, je les transfère au secrétariat de l'école.",
    noExcl: "N'utilise pas de points d'exclamation dans tes réponses, s'il te plaît, j'ai l'impression qu'on me crie dessus.",
    langPref: 'Réponds-moi toujours en français, quelle que soit la langue des pages que tu trouves.',
    noHead: "Écris tes réponses en paragraphes simples, sans titres, s'il te plaît.",
    ownHabit: "Ha, moi je n'utilise jamais d'emoji, mes enfants se moquent de moi pour ça.",
    hypo: "Si j'écrivais moi-même à l'école, j'éviterais les points d'exclamation.",
    askHeadings: 'Au fait, tu utilises des titres dans tes réponses ?',
    task: "J'organise les sept ans de mon fils avec douze enfants dans notre jardin.",
    plain1:
      "Une fête dans le jardin pour douze enfants de sept ans, c'est tout à fait faisable. Compte environ deux heures, avec un jeu qui bouge, le repas au milieu et le gâteau à la fin.",
    follow: 'Je prévois quoi à manger ?',
    plain2: "Reste simple : petits sandwichs, brochettes de fruits, pop-corn et jus. Demande aux parents s'il y a des allergies en envoyant les invitations.",
    ask_web_search: 'Tu peux chercher en ligne des kits de fête ou des kits à gâteau ?',
    ask_fetch_recipe: 'Tu me trouves une recette simple à faire la veille ?',
    ask_get_guide: "Il existe une liste de ce qu'il faut faire et quand ?",
    oneOffOriginal: "Trouve-moi une recette simple pour la veille et, juste cette fois, colle-la telle qu'elle est sur le site, dans sa langue d'origine.",
    emojiAnswer:
      '🎉 Bonne trouvaille : la Box Anniversaire Super-héros 🦸‍♂️ contient des ballons 🎈, des décorations pour cupcakes 🧁 et une piñata 🪅 pour 24,90 EUR. Commande avant vendredi 📦 et les bougies sont offertes 🕯️',
    exclAnswer:
      'Bonne nouvelle ! Le kit gâteau dinosaure contient tout ! Préparation pour génoise, glaçage vert et six dinosaures comestibles ! Il cuit en 40 minutes et coûte 19,90 EUR cette semaine !',
    headAnswer:
      "## Deux semaines avant\nEnvoie les invitations et demande s'il y a des allergies.\n\n## Une semaine avant\nCommande le gâteau et achète la déco.\n\n## Le jour J\nInstalle d'abord le coin jeux, puis la table du goûter.",
  },
};
