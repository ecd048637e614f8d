// Português do Brasil: uma despachante aduaneira em Santos, a tutora de uma gata, um cliente de passeio de cães, a
// redação noturna de um jornal regional, um sebo em Belo Horizonte, uma família com a declaração do imposto de renda.
const blurb =
  'O clássico que todo brasileiro precisa ler! Finalmente de volta com a capa da primeira edição! Fabiano, Sinhá Vitória e a cachorra Baleia na seca do sertão! Imperdível!';
export default {
  wo: {
    port: 'Santos',
    consignee: 'Casa Jequitibá Móveis Ltda.',
    hello:
      'Bom dia. Eu faço o desembaraço aduaneiro de uma importadora de móveis e essa semana chegam vários contêineres em {port}; preciso revisar os manifestos antes de registrar as declarações.',
    helloAnswer:
      'Bom dia, claro. Me manda os números dos contêineres um por vez que eu puxo cada manifesto e aponto o que estiver estranho, como peso, NCM ou linhas faltando.',
    ruleTables:
      'Uma regra pra conversa toda: nunca use tabelas nas suas respostas. Eu uso leitor de tela e tabela vira uma bagunça de células. Frases normais ou uma listinha estão ótimas.',
    ruleEmoji:
      'Outra coisa: de agora em diante, sem emoji nas respostas, por favor. Nosso sistema de chamados transforma tudo em ponto de interrogação e fica horrível no histórico de auditoria.',
    ack: 'Entendido, vou seguir isso pelo resto da conversa.',
    asks: [
      'Consegue puxar o manifesto do {c} e me dizer se tem algo estranho?',
      'O próximo é o {c}. Alguma coisa esquisita?',
      'Beleza, agora o {c}, com as mesmas checagens de antes.',
    ],
    answers: [
      'O manifesto do {c} tem {n} linhas. As NCMs batem com as descrições, mas na linha {k} o peso bruto está menor que o líquido; eu pediria ao embarcador para corrigir antes do registro.',
      'O {c} está ok no geral: {n} linhas, tudo com origem Vietnã, e os volumes batem. Só a linha {k} merece uma segunda olhada, porque o peso por volume está bem acima das outras.',
      'Revisei o {c}: {n} linhas, nenhuma faltando, e as NCMs conferem. A linha {k} tem uma quantidade de volumes estranha, provavelmente erro de digitação; vale confirmar com o fornecedor.',
    ],
    reminder: 'E só lembrando, já que a gente está nisso há um tempão: continua sem tabela, por favor, por causa do leitor de tela.',
    overviewAsk: 'Show. Você me faz um resumo de todos os contêineres que a gente revisou, com o status de cada um, pra call com o despachante às três?',
    tableIntro: 'Segue o resumo para a call:',
    tableHead: ['Contêiner', 'Status', 'Observação'],
    status: ['pronto para registrar', 'consulta ao embarcador', 'pronto para registrar', 'aguardando packing list'],
    notes: ['sem pendências', 'peso divergente em uma linha', 'volumes a confirmar', 'conferir NCM'],
    listIntro: 'Segue o resumo para a call, contêiner por contêiner:',
    plainOutro: 'O resto fica pronto assim que essas consultas forem respondidas.',
    emojiIntro: 'Aqui está o resumo para a call',
    emojiOutro: 'É isso, boa call!',
    summary:
      'Resumo da conversa até aqui: a usuária faz o desembaraço aduaneiro de uma importadora de móveis em Santos. Revisamos um a um os manifestos de vários contêineres vindos do Vietnã, conferindo NCM, pesos e volumes, e apontamos ao embarcador linhas isoladas com problemas de peso ou de volumes. Pendente: um resumo de todos os contêineres para a call com o despachante.',
    summaryKept:
      'Resumo da conversa até aqui: a usuária faz o desembaraço aduaneiro de uma importadora de móveis em Santos. Revisamos os manifestos de vários contêineres do Vietnã e apontamos linhas com problemas de peso ou de volumes. Instrução permanente da usuária: sem emoji nas respostas (o sistema de chamados não aceita). Pendente: um resumo de todos os contêineres para a call.',
  },
  rm: {
    earlierUser:
      'Oi, a Nina fez o check-up com vocês hoje. A auxiliar disse que vocês guardam as informações dela na ficha pra eu não ter que repetir tudo toda vez.',
    earlierAnswer: 'Oi! Sim, os resultados de hoje já estão na ficha da Nina. Pode me perguntar sobre os cuidados dela quando quiser.',
    memDiet: 'Nina (gata, 9 anos) tem doença renal crônica: só comida de dieta renal, nada de petiscos ricos em fósforo.',
    memDietOld: 'Nina (gata, 9 anos) come ração seca, duas refeições por dia, e ganha petiscos dentais.',
    memDietNew: 'Nina (gata, 9 anos) tem doença renal crônica: só comida de dieta renal desde março, nada de petiscos ricos em fósforo.',
    memInsurance: 'A tutora paga no débito automático; a gata tem plano de saúde PetLove Saúde, contrato 44-1937.',
    memAppt: 'A tutora prefere consultas antes das 9h em dias de semana.',
    memVacc: 'A carteirinha de vacinação da Nina fica na recepção da clínica.',
    smalltalk: [
      ['Oi, uma pergunta rapidinha sobre a Nina, se tiver um minuto.', 'Claro, pode falar.'],
      ['Desculpa, tá caindo um temporal aqui, tô digitando do ponto de ônibus.', 'Imagina, sem pressa.'],
    ],
    dietChangeUser: 'Só pra avisar: desde o diagnóstico renal a Nina só come a ração úmida renal, e cortei os petiscos dentais.',
    dietChangeAnswer: 'Obrigada por avisar, já atualizei a ficha da Nina.',
    kbWeight:
      'Perda de peso em gatos idosos: causas comuns são doença renal, hipertireoidismo e dor dentária. Pesar todo mês e marcar consulta se a perda continuar.',
    kbSenior:
      'Comida sênior para gatos acima de 8 anos: mais proteína e energia para manter a massa muscular, por exemplo VitaCat Senior 7+ (ração seca) ou os sachês VitaCat Senior.',
    question: 'A Nina emagreceu um pouco ultimamente. Que comida eu posso dar pra ela agora?',
    rewritten: 'comida adequada gata Nina perda de peso dieta',
    blockTitle: 'Ficha da tutora e base de conhecimento (recuperado):',
    answerBad:
      'Se a Nina está perdendo peso, uma comida sênior com mais proteína e energia é uma boa opção, por exemplo VitaCat Senior 7+. Pese a Nina uma vez por mês e marque uma consulta se ela continuar emagrecendo.',
    answerGood:
      'Mantenha a Nina na ração úmida renal. Para ela recuperar peso, divida em quatro refeições pequenas e amorne um pouco. Pese a Nina uma vez por mês e marque uma consulta se ela continuar emagrecendo.',
  },
  lw: {
    earlierUser: 'Oi, queria inscrever o Thor nos passeios. Ele é um labrador de quatro anos, e a chave reserva fica com a minha vizinha do número 12.',
    earlierAnswer: 'Ótimo, o Thor está cadastrado. A gente pega a chave no número 12.',
    memKey: 'A chave reserva da casa do cliente fica com a vizinha do número 12.',
    memDog: 'Thor é um labrador de quatro anos; passeios de uma hora.',
    q0: 'Oi, dá pra organizar os passeios do Thor na semana que vem?',
    a0: 'Claro. O Thor faz passeios de uma hora e a chave é retirada no número 12. Quais dias ficam bons pra você?',
    blockTitle: 'Anotações do cliente (memória):',
    rule: 'Antes disso: o Thor não pode mais ficar sem guia. Semana passada ele saiu correndo atrás de um ciclista no parque.',
    memLeash: 'Thor tem que ficar na guia em todos os passeios (correu atrás de um ciclista no parque).',
    promise: 'Entendido, vou lembrar: a partir de agora o Thor fica na guia em todos os passeios.',
    q2: 'Valeu. Segunda, quarta e sexta ao meio-dia, por favor.',
    a2: 'Agendado: segunda, quarta e sexta às 12h, uma hora cada, chave no número 12.',
    bye: 'Perfeito, é só isso. Obrigada!',
    byeAnswer: 'Imagina, boa semana!',
  },
  co: {
    headlines: [
      'Câmara aprova reforma do viaduto da Avenida Norte',
      'Greve de ônibus é suspensa após acordo de madrugada',
      'Estacionamento do Hospital Municipal fica mais caro em abril',
    ],
    correction: '(corrigido: votação foi 19 a 7)',
    photo0: 'Foto: Ana Beatriz Lima',
    photo1: 'Foto: Rafael Costa / pool',
    teaser0: 'O que a obra muda para quem vai trabalhar',
    ask: 'Qual é a manchete da capa de amanhã?',
    answer: 'A manchete da capa neste momento é:',
  },
  td: {
    ruleShort: 'Responde curtinho, por favor, no máximo 60 palavras. Eu leio no celular entre um cliente e outro.',
    ruleLists: 'Nas suas respostas usa listas e não tabelas, por favor; eu colo tudo no nosso boletim em texto puro.',
    ruleCalm: 'E sem pontos de exclamação nas suas respostas, por favor, num tom tranquilo; eu repasso do jeito que está para os clientes.',
    ack: 'Combinado, vou seguir isso.',
    q0: 'Um senhor quer vender pra gente uma caixa inteira de livros antigos da coleção Saraiva de Bolso. A gente ainda compra lotes inteiros?',
    a0: 'Compra, sim, depois de ver o estado; os volumes antigos bem conservados são avaliados à parte e o resto vai para a banca de saldo.',
    book: 'Graciliano Ramos, Vidas Secas, primeira edição, José Olympio 1938',
    qLong: 'Um cliente perguntou pela primeira edição de Vidas Secas. O que a gente tem no catálogo?',
    qTable: 'Quais edições de Vidas Secas os sebos estão anunciando agora?',
    qBlurb: 'Chegou a reedição de Vidas Secas. O que a editora diz sobre o livro?',
    verbatimTable: 'Me mostra a tabela exatamente como o catálogo traz, por favor.',
    verbatimBlurb: 'Copia pra mim o texto da editora palavra por palavra, do jeito que está, pra plaquinha da estante.',
    longEntry:
      'RAMOS, Graciliano. Vidas Secas. Rio de Janeiro: Livraria José Olympio Editora, 1938. Primeira edição. In-8º, brochura, capa original ilustrada por Tomás Santa Rosa. Capa com leves marcas de manuseio nas bordas, pequeno rasgo fechado no alto da lombada e lombada um pouco escurecida; o miolo está firme e limpo, com algumas manchas de umidade nas guardas e no corte, sem anotações nem carimbos. O romance acompanha Fabiano, Sinhá Vitória, os dois filhos e a cachorra Baleia fugindo da seca no sertão nordestino e se tornou um dos livros mais lidos da literatura brasileira. Exemplares da primeira edição em bom estado são raros, já que o papel da época era frágil e a maioria circulou muito. Procedência: biblioteca de uma professora de Maceió, adquirido em leilão em 2024. Preço sob consulta, referência VS-1938-01. Guardado no armário trancado da sala dois.',
    longAnswer:
      'Temos um exemplar: a primeira edição da José Olympio, de 1938, em brochura com a capa original ilustrada por Santa Rosa. A capa tem leves marcas de manuseio nas bordas, um pequeno rasgo fechado no alto da lombada e a lombada um pouco escurecida; o miolo está firme e limpo, com algumas manchas de umidade nas guardas e no corte, sem anotações. Veio da biblioteca de uma professora de Maceió, comprado em leilão em 2024. Primeiras edições em bom estado são raras porque o papel da época era frágil, e esse é um bom exemplar. Está no armário trancado da sala dois, referência VS-1938-01, preço sob consulta.',
    shortAnswer:
      'Um exemplar: primeira edição da José Olympio, 1938, capa com marcas leves e um rasgo pequeno. Miolo limpo. Armário trancado da sala dois, ref. VS-1938-01, preço sob consulta.',
    editionsTable:
      '| Ano | Editora | Estado | Preço |\n|---|---|---|---|\n| 1938 | José Olympio | primeira edição, lombada escurecida | R$ 6.500 |\n| 1947 | José Olympio | segunda edição, bom estado | R$ 420 |\n| 1969 | Martins | capa com desgaste | R$ 60 |\n| 1986 | Record | edição comum | R$ 15 |',
    tableAnswer:
      '| Ano | Editora | Estado | Preço |\n|---|---|---|---|\n| 1938 | José Olympio | primeira edição, lombada escurecida | R$ 6.500 |\n| 1947 | José Olympio | segunda edição | R$ 420 |\n| 1969 | Martins | capa gasta | R$ 60 |\n| 1986 | Record | comum | R$ 15 |',
    blurb,
    loudAnswer:
      'Que notícia boa! Chegou a reedição e a editora diz que é o clássico que todo brasileiro precisa ler! Finalmente de volta com a capa da primeira edição! Imperdível!',
    quotedBlurb: `Aqui está, palavra por palavra:\n\n${blurb}`,
    bye: 'Valeu, por hoje é só.',
    byeAnswer: 'Imagina. Boa tarde aí no sebo.',
  },
  ic: {
    ruleEmoji:
      'Oi, nesse fim de semana vou fazer a declaração do imposto de renda de 2026. Sem emoji nas respostas, por favor, que eu repasso tudo direto pro nosso contador.',
    a0: 'Claro, vamos lá. Começando pelos rendimentos: no ano passado você foi assalariado, autônomo ou os dois?',
    q1: 'Assalariado, e a gente também aluga um apartamento em Campinas.',
    a1: 'Então você precisa do informe de rendimentos da empresa e, para o apartamento, lançar os aluguéis recebidos de pessoa física mês a mês, com as despesas dedutíveis como IPTU, condomínio pago por você e a taxa da imobiliária.',
    q2: 'Achei: R$ 26.400 de aluguel no ano e uns R$ 4.200 de despesas.',
    emojiAnswer:
      'Ótimo ✅ Então o aluguel tributável fica em R$ 22.200 🎉 Lança mês a mês na ficha de rendimentos de pessoa física, descontando as despesas 👍',
    plainAnswer: 'Então o aluguel tributável fica em R$ 22.200. Lança mês a mês na ficha de rendimentos de pessoa física, descontando as despesas.',
    q3: 'E os juros do financiamento do apartamento?',
    emojiAnswer3: 'Boa pergunta 😊 Juros de financiamento não são dedutíveis do aluguel, mas o saldo da dívida vai na ficha de dívidas e ônus 💡',
    plainAnswer3: 'Juros de financiamento não são dedutíveis do aluguel, mas o saldo da dívida vai na ficha de dívidas e ônus.',
    ruleTables: 'Oi, tô fazendo a declaração do imposto de renda de 2026. Sem tabela nas respostas, por favor, que eu leio tudo no celular e não cabe.',
    statementIntro: 'Segue o informe de rendimentos da minha corretora, colado do jeito que veio. O que eu lanço e onde?',
    stHead: 'INFORME DE RENDIMENTOS FINANCEIROS 2025  Conta 7740118-22  Titular: Marcelo Augusto Pereira  Período 01/01/2025 a 31/12/2025',
    stKinds: ['Dividendos', 'Juros sobre capital próprio', 'Rendimento de FII', 'Juros de CDB'],
    stGross: 'bruto',
    stTax: 'IR retido',
    stCur: 'BRL',
    stRate: 0.15,
    stFoot: 'Documento meramente informativo, não constitui orientação tributária.',
    tableAnswer:
      '| Item | Ficha da declaração | Valor |\n|---|---|---|\n| Dividendos | Rendimentos isentos, código 09 | R$ 3.912,40 |\n| JCP | Tributação exclusiva, código 10 | R$ 611,85 |\n| Rendimento de FII | Rendimentos isentos, código 26 | R$ 1.204,10 |\n| Juros de CDB | Tributação exclusiva, código 06 | R$ 845,30 |',
    task: 'Oi, esse mês vou fechar a declaração do imposto de renda de 2026 com o nosso contador.',
    mailIntro: 'O contador mandou essa mensagem, vou colar aqui embaixo:',
    mail: '“Olá, Marcelo,\nobrigado pelos documentos até agora. Por favor, não me mande tabelas nem planilhas; basta foto dos informes originais.\nAinda faltam o informe de rendimentos da empresa, o contrato de aluguel e o extrato do financiamento.\nAbraço, Ricardo”',
    mailAsk: 'O que ainda falta do que eu já te mandei?',
    thanks: 'Valeu, ficou bem mais claro.',
    thanksAnswer: 'Imagina. Com esses três documentos dá pra enviar.',
    permission: 'Ah, agora pode usar emoji, tô montando uma lista pras poupanças das crianças.',
    kidsAnswer: 'Aqui vai a lista 👇\n✅ Extrato da poupança das crianças\n💰 Rendimento da poupança\n📝 Anotar os presentes em dinheiro dos avós',
  },
};
