// blind6, português do Brasil (escrito à mão): o ferry-boat de São Joaquim (Salvador), uma ilustradora autônoma,
// lentes usadas, uma livraria de bairro, um serviço de passeio de cães e a redação de um jornal local.
export default {
  wo: {
    intro: 'Bom dia. Essa semana eu tô na central de operações do terminal de São Joaquim e vou te perguntar bastante sobre o registro de atracação.',
    rules: {
      tables: 'Uma coisa pra conversa toda: nada de tabelas, nunca. O tablet do cais transforma tudo numa bagunça.',
      lang: 'Me responde sempre em português, mesmo quando os marinheiros anotarem as observações do registro em inglês.',
      length: 'A partir de agora, cada resposta com menos de 40 palavras, que eu leio entre uma travessia e outra.',
      emoji: 'E sem emoji nas respostas, por favor, elas vão direto pro relatório de turno do capitão dos portos.',
    },
    cheer: 'Haha, você pegou aquele calado que ninguém tinha visto. Continua assim, nunca perde esse olho clínico!',
    pinRule: 'Não usa emoji nas respostas, por favor. Elas vão pro livro oficial de serviço.',
    pinned: 'Preferência fixa do usuário: o usuário quer respostas sem emoji.',
    pinnedLang: 'Preferência fixa do usuário: o usuário quer todas as respostas em português.',
    tempRule: 'A partir de agora responde em inglês, por favor, hoje tem um colega de Miami lendo junto comigo.',
    back: 'O colega já foi embora, pode voltar pro português.',
    once: 'Só dessa vez, menos de 30 palavras, que eu vou ler no rádio.',
    onceAnswer: 'Travessias da manhã no horário. Onze minutos de atraso no berço 4 esperando o rebocador. Vento diminui depois das dez.',
    questions: [
      'O que o registro diz das primeiras travessias de hoje?',
      'Teve atraso no berço 2 depois do meio-dia?',
      'Olha no registro o abastecimento de hoje, terminou antes do pico da tarde?',
      'Como estava o convés de veículos nas últimas saídas?',
      'Tem alguma coisa estranha nas leituras de vento dessa tarde?',
      'O Ivete Sangalo teve algum problema na rampa hoje?',
    ],
    answers: [
      'As primeiras travessias saíram no horário. Só o Maria Bethânia esperou uns onze minutos pelo rebocador no berço 4.',
      'Dois atrasos curtos no berço 2 depois do meio-dia, os dois com menos de dez minutos e com rajadas fortes.',
      'O abastecimento do Ivete Sangalo terminou às 14h20, bem antes das saídas da tarde.',
      'As últimas saídas estavam cheias: o convés de veículos quase lotado nas duas últimas.',
      'As rajadas passaram de 40 nós por mais ou menos uma hora e depois baixaram. A rampa ficou parada nesse tempo.',
      'Nenhuma falha de rampa do Ivete Sangalo no registro de hoje. Os tempos de subida e descida estão normais.',
    ],
    finalQ: 'Beleza, a última antes de fechar o turno: como foi a semana no geral?',
    finalTable:
      'A semana num resumo:\n\n| Dia | Travessias | Atraso médio | Obs. |\n|---|---|---|---|\n| Segunda | 42 | 3 min | tranquilo |\n| Terça | 41 | 4 min | espera do rebocador no 4 |\n| Quarta | 38 | 9 min | rajadas acima de 40 nós |\n| Quinta | 42 | 2 min | tranquilo |\n| Sexta | 44 | 5 min | conveses lotados |',
    finalEmoji:
      'Semana bem boa no geral 👍 Quase tudo no horário ⛴️, quarta foi o dia do vento 🌬️ com as maiores esperas no berço 2, e sexta à tarde lotou 🚗🚗. Nada estranho nas rampas ✅',
    finalLong:
      'No geral foi uma semana tranquila, com um dia só mais complicado. Segunda e terça rodaram praticamente no horário, tirando a espera de uns onze minutos pelo rebocador no berço 4 na terça de manhã. A quarta foi o dia difícil: rajadas acima de quarenta nós quase a tarde inteira obrigaram a parar a rampa do berço 2 duas vezes, e o atraso médio subiu pra uns nove minutos. Na quinta voltou a calmaria e tudo saiu com dois ou três minutos de diferença do horário. A sexta à tarde foi o momento mais cheio da semana, com o convés de veículos lotado nas duas últimas travessias, o que atrasou um pouco o embarque. O abastecimento sempre terminou antes do pico e não tem nada no registro que indique problema técnico nas rampas ou na amarração.',
    finalPlain:
      'Semana tranquila no geral. Quarta foi o dia do vento, com as maiores esperas no berço 2; sexta à tarde, o mais cheio; e as rampas não tiveram falhas.',
    summaryTitle: 'Resumo da conversa até agora',
    summary:
      'O usuário trabalha na central de operações do terminal de São Joaquim e pergunta todo dia sobre o registro de atracação. Já vimos as primeiras travessias, os atrasos no berço 2, o abastecimento, a lotação do convés de veículos e o vento.',
  },
  iic: {
    task: 'Oi! Sou ilustradora autônoma e você vai me ajudar a organizar as contas esse ano.',
    rules: {
      tables: 'Em todas as respostas usa listas, não tabelas, que eu leio no celular.',
      emoji: 'Sem emoji nas respostas, por favor, eu encaminho tudo pro meu contador.',
      lang: 'Me responde sempre em português, mesmo quando eu colar notas fiscais em inglês.',
    },
    a0: 'Claro! Por onde a gente começa: despesas, notas fiscais ou o DAS?',
    t1: 'Posso lançar como despesa a mesa digitalizadora nova que comprei em setembro?',
    a1: 'Pode. Se você usa pra trabalhar, é despesa da atividade; guarda a nota fiscal.',
    q: {
      software: 'Quanto eu gastei com assinaturas de software nesse trimestre, mês a mês?',
      statement: 'Aqui tá o extrato do banco de outubro, importa pra mim e vê se tem alguma coisa estranha?',
      vat: 'Quando vence o próximo DAS e quanto mais ou menos eu vou pagar?',
      oneOff: 'Só dessa vez, me passa o imposto de cada trimestre numa tabela, que eu preciso copiar no formulário.',
      paid: 'O Estúdio Órbita já pagou a nota de setembro?',
    },
    tableAnswer:
      '| Mês | Software | Valor |\n|---|---|---|\n| Julho | Adobe, Spotify | R$ 412,40 |\n| Agosto | Adobe, Procreate | R$ 393,10 |\n| Setembro | Adobe, Clip Studio | R$ 461,80 |\n\nTotal do trimestre: R$ 1.267,30.',
    vatTable: '| Trimestre | Imposto |\n|---|---|\n| 1º | R$ 1.480 |\n| 2º | R$ 1.320 |\n| 3º | R$ 1.750 |\n| 4º (estimativa) | R$ 1.690 |',
    emojiAnswer:
      'Boa notícia 🎉 o Estúdio Órbita pagou os R$ 9.800 no dia 14 de outubro 💸 A única coisa estranha é uma cobrança dupla da hospedagem no dia 3 🤔 vale perguntar ✅',
    withdraw: 'Esquece o que eu falei sobre emoji, pode usar, meu contador até gosta.',
    email:
      'Um cliente acabou de me mandar isso, o que eles querem exatamente? "Por favor, não use emojis nas suas respostas para nós. Envie cada nota fiscal em PDF com o número do nosso pedido de compra."',
    emailAnswer:
      'Eles pedem duas coisas: respostas sem emoji e cada nota em PDF com o número do pedido de compra deles. Coloca esse campo no seu modelo e pronto.',
    why: 'Por que você sempre coloca os totais numa tabela? Só curiosidade.',
    whyAnswer: 'Principalmente porque os valores por mês ficam mais fáceis de comparar lado a lado. Se preferir de outro jeito, é só falar.',
  },
  td: {
    task: 'Tô procurando uma 35mm usada pra minha Fuji X-T3, orçamento de uns 2.500 reais.',
    rules: {
      emoji: 'Sem emoji nas respostas, por favor, me irrita.',
      lang: 'Me responde sempre em português, mesmo que os anúncios estejam em inglês.',
      tables: 'Listas, não tabelas, por favor, eu leio tudo num celular pequeno.',
      headings: 'Não coloca títulos nas respostas, por favor, só parágrafos normais.',
    },
    dad: 'Meu pai sempre diz: nada de emoji nas mensagens pra ele, ele acha coisa de criança.',
    permission: 'Aliás, agora pode usar tabela, tô no notebook.',
    a0: 'Boa montagem pra isso. Quer com autofoco? Tudo bem comprar de particular?',
    t1: 'Com autofoco, sim. Particular pode, se enviar.',
    a1: 'Entendi. Vou procurar 35mm com autofoco dentro do orçamento e com envio.',
    t2: 'Pode procurar nos anúncios.',
    original: 'Acha a melhor e cola a descrição do vendedor na língua original, quero as palavras exatas dele.',
    originalIntro: 'A melhor é a Fujinon XF 35mm f/1.4 R em Hamburgo. Segue o texto do vendedor do jeito que está:',
    emojiAnswer:
      'Achei uma ótima 🎉 Fujinon XF 35mm f/1.4 R por 380 euros 📸 envio de Hamburgo 📦 autofoco rapidíssimo ⚡ com tampas e para-sol 🎁 A Viltrox 33mm por 320 também é show 👍',
    plainAnswer:
      'A que melhor encaixa é a Fujinon XF 35mm f/1.4 R por 380 euros, com envio de Hamburgo, tampas e para-sol. A Viltrox 33mm f/1.4 por 320 euros é a opção mais barata.',
    tableAnswer:
      'Aqui estão as opções:\n\n| Lente | Preço | Cidade | Envio |\n|---|---|---|---|\n| Fujinon XF 35mm f/1.4 R | 380 € | Hamburgo | sim |\n| Viltrox 33mm f/1.4 AF | 320 € | Berlim | sim |\n| Fujinon XF 35mm f/2 WR | 290 € | Munique | não |',
    headingsAnswer:
      '## Melhor escolha\n**Fujinon XF 35mm f/1.4 R**, 380 €, Hamburgo. Autofoco rápido, vidro limpo.\n\n## Mais barata\n**Viltrox 33mm f/1.4 AF**, 320 €, Berlim. Seminova, com caixa.\n\n## Melhor evitar\n**Fujinon XF 35mm f/2 WR**: não envia.',
  },
  rm: {
    fillers: [
      'A leitora retira as encomendas aos sábados de manhã na loja da rua dos Cedros.',
      'A leitora paga com o vale-presente que a irmã deu.',
      'A leitora participa do grupo de tricô das quintas, aqui do lado.',
    ],
    greet: 'Oi, é a Dona Célia de novo. Nesse segundo semestre vou ter tempo pra ler.',
    greetAnswer: 'Que bom, Dona Célia! Tá com vontade de ler o quê?',
    small: 'Tá escurecendo cedo, né? Às seis já acendo a luz.',
    smallAnswer: 'Pois é. Pelo menos é um clima bom pra ler.',
    cases: {
      rank: {
        say: 'Agora eu só leio edições com letra grande, a vista não ajuda mais.',
        mem: 'A leitora só lê edições com letra grande por causa da vista.',
        ack: 'Entendo, obrigada por me contar.',
        q: 'O livro novo do Itamar Vieira Junior já saiu em edição com letra grande?',
        a: 'O novo do Itamar saiu só em capa dura; vou perguntar pra distribuidora sobre outros formatos.',
      },
      threshold: {
        say: 'Em viagem longa de ônibus eu amo audiolivro lido pelo próprio autor.',
        mem: 'A leitora ama audiolivros lidos pelo próprio autor em viagens longas de ônibus.',
        ack: 'Ótimo costume.',
        q: 'Tem audiolivro lido pelo próprio autor pra minha viagem de ônibus até Recife?',
        a: 'Pra viagem longa, alguns livros do Luis Fernando Verissimo têm narração dele mesmo, é uma ótima companhia.',
      },
      relative: {
        say: 'Por favor, nada de livro com maus-tratos a animais, eu não aguento.',
        mem: 'A leitora evita romances com maus-tratos a animais.',
        ack: 'Entendido, obrigada.',
        q: 'Me indica um romance envolvente pro clube do livro, sem maus-tratos a animais?',
        a: 'Pro clube, "Torto Arado" rende muita conversa e prende do começo ao fim.',
      },
      notInjected: {
        say: 'Meu neto Davi tem nove anos e é doido por dinossauros.',
        mem: 'O neto da leitora, Davi, tem nove anos e adora dinossauros.',
        ack: 'Que idade boa pra isso.',
        q: 'O que eu dou pro Davi de aniversário? Ele continua doido por dinossauros.',
        a: 'Um atlas ilustrado da vida pré-histórica seria um presente lindo.',
      },
      fine: {
        say: 'Prefiro livro de bolso, capa dura machuca meu pulso.',
        mem: 'A leitora prefere livros de bolso porque capa dura machuca o pulso.',
        ack: 'Anotado, de bolso sempre que der.',
        q: '"A vida invisível de Eurídice Gusmão" tem em livro de bolso? Capa dura machuca meu pulso.',
        a: 'Tem sim, saiu a edição de bolso, bem mais leve pro pulso.',
      },
      deleted: {
        say: 'Tô lendo a série "O Tempo e o Vento", tô no terceiro volume.',
        mem: 'A leitora está lendo a série O Tempo e o Vento, no terceiro volume.',
        ack: 'Que série boa pra estar no meio.',
        forget: 'Terminei "O Tempo e o Vento". Pode esquecer que eu tava lendo.',
        forgetAck: 'Pronto, apagado. Parabéns por terminar!',
        q: 'O que eu leio agora que terminei a série "O Tempo e o Vento"?',
        a: 'Se você gosta de saga de família, tenta "Os Maias" ou "Incidente em Antares".',
      },
      cat: {
        say: 'Meu gato novo se chama Poirot e vive deitado em cima dos meus livros.',
        mem: 'A leitora tem um gato chamado Poirot.',
        ack: 'Nome perfeito pra gato de leitora.',
        q: 'Algum romance policial novo no estilo do Poirot?',
        a: 'Tenta os livros novos do Anthony Horowitz, bem no estilo clássico.',
      },
      after: {
        sayq: 'Acabei de entrar num sarau que lê Adélia Prado. Vocês têm alguma coisa da Adélia Prado?',
        mem: 'A leitora entrou num sarau que lê Adélia Prado.',
        a: 'Temos "Bagagem" e a "Poesia Reunida" na estante, posso separar pra você.',
      },
    },
  },
  lw: {
    greet: 'Oi, aqui é a Bia, dona da Pipoca. Consegue marcar os passeios dela pra semana que vem?',
    greetAnswer: 'Oi, Bia! De segunda a sexta, no horário do almoço de sempre?',
    later: 'Ótimo. E que horas o passeador chega na quarta?',
    laterAnswer: 'Na quarta às 12h15, o Rafa vai buscar a Pipoca na sua portaria.',
    cases: {
      restart: {
        say: 'A senha do portão mudou, agora é 4417.',
        mem: 'A senha do portão da Bia é 4417.',
        reply: 'Valeu! Salvei na memória a senha nova do portão: 4417.',
      },
      failed: {
        say: 'No Ibirapuera a Pipoca tem que ficar na guia, ela corre atrás dos patos.',
        mem: 'Pipoca tem que ficar na guia no Ibirapuera (corre atrás dos patos).',
        reply: 'Entendi, memória atualizada: Pipoca sempre na guia no Ibirapuera.',
      },
      snapshot: {
        say: 'Ela tem alergia a frango, então nada de petisco de frango.',
        mem: 'Pipoca tem alergia a frango: nada de petisco de frango.',
        reply: 'Combinado, guardei na memória a alergia da Pipoca a frango.',
      },
      promised: {
        say: 'A chave reserva agora fica embaixo do vaso azul, não mais do capacho.',
        mem: 'A chave reserva fica embaixo do vaso azul.',
        reply: 'Certo, vou lembrar: a chave reserva fica embaixo do vaso azul.',
      },
      ackCommit: {
        say: 'A Pipoca janta às seis, meia medida de ração.',
        mem: 'Pipoca janta às 18h, meia medida.',
        reply: 'Anotado e salvo na memória: janta às seis, meia medida.',
      },
      failTold: {
        say: 'Se eu não estiver, a vizinha Dona Lurdes pode abrir pro passeador.',
        mem: 'A vizinha Dona Lurdes pode abrir.',
        reply: 'Desculpa, não consegui salvar agora, o sistema de anotações caiu. Você me lembra amanhã?',
      },
      file: {
        say: 'Segue o atestado de vacina antirrábica da Pipoca, guarda na ficha dela.',
        path: 'clients/bia/pipoca-antirrabica-2026.pdf',
        reply: 'Salvei o atestado em clients/bia/pipoca-antirrabica-2026.pdf.',
      },
      offer: {
        say: 'Só pra avisar: na semana do dia 20 a gente não vai estar.',
        reply: 'Obrigado por avisar. Quer que eu lembre que vocês estão fora nessa semana?',
        decline: 'Não precisa, eu marco separado mais perto.',
        declineAnswer: 'Beleza, é só me chamar quando quiser marcar.',
      },
    },
  },
  co: {
    headlines: [
      'Incêndio no porto: bombeiros no local',
      'Incêndio no porto é controlado após seis horas',
      'Seis horas de luta para salvar o porto',
      'Fogo no porto é apagado; armazém destruído',
    ],
    captions: [
      'Bombeiros no armazém do porto.',
      'Bombeiros no armazém do porto na noite de terça.',
      'Equipes combatem as chamas no antigo armazém de grãos, terça-feira.',
    ],
    bylines: ['Da redação', 'Por Fernanda Lima', 'Por Fernanda Lima e Rodrigo Alves'],
    slots: ['Capa, alto da página', 'Capa, pé da página', 'Página 3, abertura'],
    corrections: ['Na reportagem sobre a Câmara de terça, o nome da vereadora Oliveira saiu errado.', 'O bloqueio da ponte começa em 4 de dezembro, não em 3.'],
    refusal: 'conflito de versão: gravação rejeitada',
  },
};
