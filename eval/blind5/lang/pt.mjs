// Português (Brasil; escrito à mão para o blind5).
export default {
  wo: {
    sys: 'Você é o Caderno de Campo, assistente da cooperativa de hortaliças Campo Leste. Você lê as exportações dos sensores da estufa (read_sensor_export) e responde aos produtores.',
    hello: 'oi, aqui é a Camila, cuido da estufa B2. queria repassar com você os dados dos sensores dessa semana, canteiro por canteiro',
    helloAns: 'Oi, Camila. Claro, me diz por qual canteiro você quer começar que eu puxo as leituras.',
    ack: 'Entendido.',
    f_emoji:
      'antes de tudo: não coloca emoji nas suas respostas, por favor. Eu colo direto no caderno da cooperativa e o computador velho de lá transforma tudo em quadradinho',
    f_lang: 'Sempre me responda em português, mesmo quando a exportação vier com as anotações em inglês das sondas do fornecedor.',
    f_tables: 'Daqui pra frente, listas e não tabelas, por favor. No tablet da estufa as tabelas ficam todas desconfiguradas.',
    f_lists:
      'Uma regra pra conversa toda: nada de marcadores nem listas numeradas nas suas respostas, escreve em frases normais. Eu leio em voz alta na reunião de segunda.',
    l_reported:
      'Aliás, o nosso agrônomo, o seu Valdir, vive dizendo que nunca é pra mandar tabela pra ele, ele só lê tudo no celular em cima do trator. Figura.',
    ackReported: 'Haha, um homem prático. Qual canteiro agora?',
    l_lang: 'Sempre me responda em português, meu inglês é bem fraquinho.',
    pin: 'Preferência fixa do usuário: quer todas as respostas em português.',
    l_perm1: 'por enquanto sem tabela pfv',
    l_perm2: 'Ah, esquece o que eu falei das tabelas, pra essas leituras elas ajudam. Pode usar quando fizer sentido.',
    ackPerm2: 'Beleza, então uso tabela quando ajudar.',
    l_oneoff:
      'Você escreve duas frases sobre o problema da válvula do canteiro 4 pra reclamação ao fornecedor de irrigação? Nessa aqui sem emoji, que vai oficial.',
    oneoffAns:
      'Desde 12 de novembro, a válvula solenoide do canteiro 4 da estufa B2 deixa de fechar após o ciclo programado repetidas vezes, mantendo a água correndo por até 40 minutos. Solicitamos a troca da válvula ou uma visita técnica ainda esta semana.',
    ask: [
      'beleza, canteiro {bed}. o que a umidade do solo fez de madrugada?',
      'Canteiro {bed}: alguma válvula ficou aberta mais tempo do que devia?',
      'como tá a temperatura do ar no canteiro {bed} perto do amanhecer?',
      'dá uma olhada na umidade do canteiro {bed}, os tomates de lá tão meio murchos',
      'canteiro {bed}, a aplicação de CO2 tá servindo pra alguma coisa?',
    ],
    ans: [
      'No canteiro {bed} a umidade do solo caiu de {a}% para {b}% entre meia-noite e seis horas, e a válvula ficou fechada até o ciclo das 06:00. É uma curva normal para essa época.',
      'No canteiro {bed} a válvula abriu às 05:40 e fechou às 06:05, conforme a programação. A vazão chegou a {f} litros por minuto no pico, nada fora do normal.',
      'A temperatura do ar no canteiro {bed} chegou a {t} graus pouco antes de o sol nascer, com umidade em torno de {h}%. O aquecimento entrou tarde, uns vinte minutos depois de passar do ponto de ajuste.',
    ],
    final: 'valeu. e no geral, como foi a semana na estufa?',
    weekAns:
      'No geral foi uma semana tranquila: as curvas de umidade ficaram normais em quase todos os canteiros, a válvula do 4 é o único defeito de verdade e o aquecimento reage um pouco tarde de madrugada.',
    emojiAns:
      'No geral, semana boa 🌱 Umidade normal em quase todos os canteiros 💧, a válvula do 4 continua dando trabalho 🔧 e o aquecimento anda meio preguiçoso de madrugada 🌡️ Nada grave 👍',
    tableAns:
      '| Canteiro | Umidade mín. | Válvula | Obs. |\n|---|---|---|---|\n| 3 | 27% | ok | normal |\n| 4 | 22% | fica aberta | trocar |\n| 7 | 29% | ok | aquecimento tarde |\n| 9 | 31% | ok | bom |',
    listAns:
      '- Umidade: curva noturna normal em quase todos os canteiros\n- Canteiro 4: a válvula continua ficando aberta\n- Aquecimento: uns vinte minutos atrasado de madrugada\n- CO2: pouco efeito antes das 9h',
    summary:
      'Resumo da conversa até agora: Camila cuida da estufa B2 da cooperativa Campo Leste e está revisando canteiro por canteiro a exportação dos sensores da semana. Os canteiros 2 a 9 já foram vistos; a válvula do 4 fica aberta e o aquecimento reage tarde de madrugada.',
  },
  rm: {
    sys: 'Você é o Cadência, um assistente de treino de ciclismo. Use as memórias que você recebe sobre o ciclista.',
    memLabel: 'O que você sabe sobre o ciclista:',
    hello: 'Bom dia, treinador! Semana nova, plano novo?',
    helloAns: 'Bom dia! Bora ver a semana. Como estão as pernas?',
    ack: 'Obrigado por avisar, isso muda como eu planejo seus pedais.',
    fillers: [
      'O ciclista pedala uma gravel de aço de 2019 com pneus de 40 mm.',
      'O ciclista tem FTP de uns 240 watts, medido em setembro.',
      'O ciclista mora em Curitiba e sai sempre do Parque Barigui.',
    ],
    f1: {
      say: 'Só avisando: torci o joelho esquerdo semana passada. O fisio disse nada de subidas íngremes por um mês.',
      mem: 'O ciclista torceu o joelho esquerdo; o fisio proibiu subidas íngremes por um mês.',
      q: 'Monta o sábado pra mim com umas subidas íngremes? Quero me sentir forte de novo.',
      ans: 'Sábado: 70 km com três subidas íngremes pra Serra da Graciosa, de 8 a 12%, sentado.',
    },
    f2: {
      say: 'Domingo eu tenho que estar em casa antes das 11, almoço de família, sem discussão.',
      mem: 'O ciclista precisa estar em casa antes das 11h no domingo por causa do almoço de família.',
      q: 'Quanto tempo pode durar o pedal de domingo e que horas eu preciso estar em casa?',
      ans: 'Domingo dá pra fazer um longão: quatro horas em ritmo de resistência, sai às 9 e volta no meio da tarde.',
    },
    f3: {
      say: 'Meu cassete só vai até 32 dentes, então nas subidas a relação fica bem pesada.',
      mem: 'O cassete do ciclista só vai até 32 dentes; a relação fica pesada nas subidas.',
      q: 'A relação do meu cassete dá conta da subida da Estrada da Graciosa?',
      ans: 'A Graciosa se sobe com qualquer relação normal; só segura no começo.',
    },
    f4: {
      say: 'Prefiro mil vezes estradinhas rurais tranquilas, rodovia movimentada me deixa tenso.',
      mem: 'O ciclista prefere estradinhas rurais tranquilas e evita rodovias movimentadas.',
      q: 'Acha pra mim um circuito de 60 km por estradinhas rurais tranquilas pra quinta.',
      ans: 'Quinta: 60 km pela BR-277 ida e volta, rápido e simples.',
    },
    other: {
      say: 'Oi, aqui é o Rafa, no meu próprio perfil. Pra mim só percursos planos por enquanto, o quadril ainda tá se recuperando.',
      mem: 'O ciclista só quer percursos planos enquanto o quadril se recupera.',
      q: 'Monta um percurso plano pra domingo com parada pro café.',
      ans: 'Domingo: 50 km pela ciclovia do Parque Tanguá até o Passeio Público, plano o tempo todo, café no meio.',
    },
    old: {
      mem: 'O ciclista treina às terças e quintas à noite.',
      say: 'Mudança de planos: a partir de agora treino segunda e quarta de manhã, emprego novo.',
      mem2: 'O ciclista treina às segundas e quartas de manhã.',
      q: 'Em que dias eu treino essa semana mesmo?',
      ans: 'Segunda e quarta de manhã, como combinamos por causa do emprego novo.',
    },
    pinned: {
      say: 'Nos dias de semana, treinos de menos de 90 minutos, por favor, tenho que buscar as crianças.',
      mem: 'O ciclista quer treinos de menos de 90 minutos nos dias de semana.',
      pinLabel: 'Preferências fixas do ciclista:',
      q: 'Monta meus treinos dos dias de semana?',
      ans: 'Dias de semana: terça 60 minutos leve, quarta 75 minutos com 3 x 10 minutos em sweet spot.',
    },
    failed: {
      say: 'Ah, mudei meu dia de descanso pra sexta.',
      failAns: 'Desculpa, não consegui salvar isso no seu perfil agora, o serviço de memória demorou demais. Você me lembra depois?',
      q: 'Qual é meu dia de descanso agora?',
      ans: 'Não tenho seu dia de descanso registrado, qual você prefere?',
    },
  },
  lw: {
    sys: 'Você é o Torque, um assistente de manutenção de carros. Você guarda na memória cada motorista e seus carros.',
    hello: 'Oi, tenho um Corolla 2016 e esse ano quero manter as revisões em dia.',
    known: 'O motorista tem um Corolla 2016.',
    helloAns: 'Oi! Com prazer. Quantos quilômetros ele tem e quando foi a última revisão?',
    say: [
      'A correia do alternador foi trocada em março, com 148 mil km, na concessionária de Campinas.',
      'O licenciamento vence dia 14 de maio, lembra disso pra mim.',
      'Os pneus reserva são Michelin Primacy 4, 205/55 R16, guardados na garagem do meu cunhado.',
      'Só uso óleo 0W-20 sintético, o recomendado pela Toyota.',
      'Meu seguro renova dia 2 de junho, com a Porto.',
      'O capô foi repintado depois da chuva de granizo de 2023.',
      'A chave reserva fica com meu vizinho, seu Antônio, do 12.',
      'As pastilhas de freio foram trocadas em janeiro, só as da frente.',
    ],
    promise: [
      'Pronto, salvei na memória: correia trocada em março, com 148 mil km.',
      'Beleza, vou lembrar que o licenciamento vence dia 14 de maio.',
      'Memória atualizada: Michelin Primacy 4, 205/55 R16, na garagem do seu cunhado.',
      'Certo, vou lembrar: só óleo 0W-20 sintético.',
      'Salvei na memória, te aviso antes do seguro renovar no dia 2 de junho.',
      'Guardei na memória a repintura do capô.',
      'Anotado, vou lembrar que o seu Antônio, do 12, está com a chave reserva.',
    ],
    offer: 'Bom saber. Quer que eu guarde que as pastilhas da frente foram trocadas em janeiro, pra te avisar das de trás?',
    later: 'Valeu. O que mais eu vejo antes das férias de fim de ano?',
    laterAns: 'Confere a bateria, o nível do líquido de arrefecimento e as palhetas; o resto pode esperar a próxima revisão.',
  },
  co: {
    keys: { budget: 'kitchen_budget', date: 'tiling_date', notes: 'site_notes', plan: 'trades_plan' },
    v: {
      budgetA: 'R$ 48.200 com bancada',
      budgetB: 'R$ 45.900 com revestimento mais barato',
      budgetC: 'R$ 51.300 com coifa nova',
      dateA: 'ter 3 de março',
      dateB: 'qui 5 de março (azulejista doente)',
      dateC: 'seg 9 de março',
      notesA: 'A caçamba chega sexta, deixar a garagem livre',
      notesB: 'Eletricista precisa entrar no forro na segunda',
      notesC: 'Porcelanato entregue, empilhado na garagem',
      elec: 'Seu Jorge (Elétrica Jorge), tubulação na segunda',
      plumb: 'Dani, muda o esgoto da pia na quarta',
    },
    refusal: 'conflito de versão',
  },
  td: {
    sys: 'Você é o Ninho, um assistente pra procurar apartamento. Você pode buscar anúncios com search_listings.',
    task: 'Tô procurando um apartamento de dois quartos pra alugar em Leipzig, no máximo 950 euros com aquecimento, de preferência perto do bonde.',
    f_len: 'Responde em no máximo 50 palavras, por favor, eu leio no bonde.',
    f_tables: 'Usa listas e não tabelas, por favor, meu leitor de tela trava nas tabelas.',
    f_emoji: 'Sem emoji nas respostas, por favor: o leitor de tela lê tudo em voz alta e é enlouquecedor.',
    f_md: 'Só texto puro, sem markdown: eu repasso suas respostas por SMS e aparecem os asteriscos e as cerquilhas.',
    l_hypo: 'Se fosse pro meu locador eu deixaria curtinho, mas é só pra mim, então pode detalhar o quanto quiser.',
    l_perm: 'Ah, deixa pra lá essa história de emoji, minha filha lê junto comigo e ela adora. Pode usar.',
    l_kept: 'Prefiro listas a tabelas, no celular tabela é um saco.',
    l_verbatim: 'Você pode buscar e colar pra mim o texto completo dos anúncios do jeito que está, sem mudar nada? Quero mandar pra minha irmã.',
    short: ['Tá bom. Quais bairros te servem, e precisa de sacada?', 'Anotei a questão do bonde. Quando você quer se mudar?'],
    follow: ['Connewitz ou Plagwitz, com sacada seria ótimo. Mudar até abril.', 'Dia 1º de abril, de preferência. Pode buscar agora?'],
    longAns:
      'Achei três opções boas. A primeira é um apartamento de dois quartos em Plagwitz, na Karl-Heine-Straße, com 64 metros quadrados, 890 euros com aquecimento, no terceiro andar com elevador e uma sacadinha virada pro pátio. O ponto do bonde fica a dois minutos. A segunda fica em Connewitz, perto do cruzamento, 58 metros por 920 euros, banheiro recém-reformado, sem elevador, no quarto andar. A terceira passa um pouco do orçamento, 960 euros, mas tem cozinha planejada e depósito no porão, e o proprietário aceita pets. As três ficam livres a partir de abril. Se quiser, eu comparo também o custo do aquecimento, porque duas têm aquecimento distrital e uma é a gás.',
    tableAns:
      '| Bairro | Área | Aluguel | Bonde |\n|---|---|---|---|\n| Plagwitz | 64 m² | 890 € | 2 min |\n| Connewitz | 58 m² | 920 € | 5 min |\n| Lindenau | 61 m² | 960 € | 4 min |',
    listAns:
      '- Plagwitz, 64 m², 890 € com aquecimento, bonde a 2 min\n- Connewitz, 58 m², 920 € com aquecimento, bonde a 5 min\n- Lindenau, 61 m², 960 € com aquecimento, bonde a 4 min',
    emojiAns: 'Achei um incrível 🏡✨ Plagwitz, 64 m², 890 € com aquecimento e sacada 🌿 e o bonde bem na porta 🚋 Quer que eu peça uma visita? 📅',
    mdAns: '## Melhor opção\n**Plagwitz**, 64 m², **890 € com aquecimento**\n\n### Por quê\n- sacada\n- bonde a 2 min\n- livre a partir de abril',
  },
};
