// blind6, español de España (escrito a mano): el puerto de Dénia, una ilustradora autónoma, objetivos de segunda
// mano, una librería de barrio, paseadores de perros y la redacción de un diario local.
export default {
  wo: {
    intro: 'Buenos días. Esta semana estoy en la oficina de operaciones del puerto de Dénia y te voy a preguntar mucho por el registro de atraques.',
    rules: {
      tables: 'Una cosa para toda la conversación: nada de tablas, nunca. La tablet del muelle las convierte en un churro.',
      lang: 'Respóndeme siempre en español, aunque los marineros apunten las notas del registro en inglés.',
      length: 'A partir de ahora, cada respuesta de menos de 40 palabras, que las leo entre salida y salida.',
      emoji: 'Y sin emojis en tus respuestas, por favor, que van directas al parte de turno del capitán de puerto.',
    },
    cheer: 'Jaja, has pillado lo del calado que no había visto nadie. ¡Sigue así, no dejes nunca de ser tan fino!',
    pinRule: 'No uses emojis en tus respuestas, por favor. Van al diario oficial de guardia.',
    pinned: 'Preferencia fija del usuario: el usuario quiere respuestas sin emojis.',
    pinnedLang: 'Preferencia fija del usuario: el usuario quiere todas las respuestas en español.',
    tempRule: 'A partir de ahora contéstame en inglés, porfa, hoy está leyendo conmigo un compañero de Southampton.',
    back: 'Mi compañero ya se ha ido, puedes volver al español.',
    once: 'Solo por esta vez, menos de 30 palabras, que lo voy a leer por la radio.',
    onceAnswer: 'Salidas de la mañana puntuales. Un retraso de once minutos en el atraque 4 esperando al remolcador. El viento baja después de las diez.',
    questions: [
      '¿Qué dice el registro de las primeras salidas de hoy?',
      '¿Ha habido retrasos en el atraque 2 desde mediodía?',
      'Mira en el registro el suministro de combustible de hoy, ¿terminó antes de la hora punta?',
      '¿Cómo iba la bodega de coches en las últimas salidas?',
      '¿Hay algo raro en las lecturas de viento de esta tarde?',
      '¿El Ciudad de Ibiza ha dado algún problema con la rampa hoy?',
    ],
    answers: [
      'Las primeras salidas fueron puntuales. Solo el Martín i Soler esperó unos once minutos al remolcador en el atraque 4.',
      'Dos retrasos cortos en el atraque 2 después de mediodía, los dos de menos de diez minutos y con rachas fuertes.',
      'El suministro del Ciudad de Ibiza terminó a las 14:20, mucho antes de las salidas de la tarde.',
      'Las últimas salidas iban cargadas: la bodega de coches estaba casi llena en los dos últimos barcos.',
      'Las rachas pasaron de 40 nudos durante una hora y luego bajaron. Se paró la rampa mientras tanto.',
      'No hay fallos de rampa del Ciudad de Ibiza en el registro de hoy. Los tiempos de subida y bajada son normales.',
    ],
    finalQ: 'Vale, la última antes de acabar el turno: ¿qué tal la semana en general?',
    finalTable:
      'La semana de un vistazo:\n\n| Día | Salidas | Retraso medio | Notas |\n|---|---|---|---|\n| Lunes | 42 | 3 min | tranquilo |\n| Martes | 41 | 4 min | espera de remolcador en el 4 |\n| Miércoles | 38 | 9 min | rachas de más de 40 nudos |\n| Jueves | 42 | 2 min | tranquilo |\n| Viernes | 44 | 5 min | bodegas llenas |',
    finalEmoji:
      'Una semana bastante buena 👍 Casi todas las salidas a su hora ⛴️, el miércoles fue el día del viento 🌬️ con las esperas más largas en el atraque 2, y el viernes por la tarde a tope 🚗🚗. Nada raro en las rampas ✅',
    finalLong:
      'En general ha sido una semana tranquila con un solo día complicado. El lunes y el martes se cumplió el horario casi al minuto, salvo la espera de unos once minutos al remolcador en el atraque 4 el martes por la mañana. El miércoles fue el día difícil: rachas de más de cuarenta nudos durante casi toda la tarde obligaron a parar dos veces la rampa del atraque 2 y el retraso medio subió a unos nueve minutos. El jueves volvió la calma y todo salió con dos o tres minutos de margen. El viernes por la tarde fue lo más movido de la semana, con las bodegas de coches llenas en las dos últimas salidas, lo que alargó un poco la carga. El combustible siempre se terminó antes de la hora punta y en el registro no hay nada que apunte a un problema técnico en rampas o amarres.',
    finalPlain:
      'Semana tranquila en general. El miércoles fue el día del viento, con las esperas más largas en el atraque 2; el viernes por la tarde, el más movido; las rampas, sin fallos.',
    summaryTitle: 'Resumen de la conversación hasta ahora',
    summary:
      'El usuario trabaja en la oficina de operaciones del puerto de Dénia y pregunta cada día por el registro de atraques. Ya se han visto las primeras salidas, los retrasos del atraque 2, el combustible, la carga de coches y el viento.',
  },
  iic: {
    task: '¡Hola! Soy ilustradora autónoma y este año me vas a ayudar a llevar las cuentas.',
    rules: {
      tables: 'En todas tus respuestas usa listas, no tablas, que te leo desde el móvil.',
      emoji: 'Sin emojis en las respuestas, por favor, que se las reenvío a mi gestora.',
      lang: 'Contéstame siempre en español, aunque te pegue facturas en inglés.',
    },
    a0: 'Encantada. ¿Por dónde empezamos: gastos, facturas o el IVA?',
    t1: '¿Me puedo desgravar la tableta gráfica nueva que compré en septiembre?',
    a1: 'Sí. Si la usas para trabajar es un gasto de la actividad; guarda la factura y se amortiza según su importe.',
    q: {
      software: '¿Cuánto me he gastado en suscripciones de software este trimestre, mes a mes?',
      statement: 'Aquí va el extracto del banco de octubre, ¿me lo importas y me dices si ves algo raro?',
      vat: '¿Cuándo vence el próximo modelo 303 y cuánto me va a tocar pagar más o menos?',
      oneOff: 'Solo esta vez, ponme el IVA de cada trimestre en una tabla, que lo tengo que copiar en el formulario.',
      paid: '¿Ya me ha pagado Estudio Órbita la factura de septiembre?',
    },
    tableAnswer:
      '| Mes | Software | Importe |\n|---|---|---|\n| Julio | Adobe, Spotify | 74,97 € |\n| Agosto | Adobe, Procreate | 71,49 € |\n| Septiembre | Adobe, Clip Studio | 83,96 € |\n\nTotal del trimestre: 230,42 €.',
    vatTable: '| Trimestre | IVA a pagar |\n|---|---|\n| 1T | 1.120 € |\n| 2T | 980 € |\n| 3T | 1.310 € |\n| 4T (estimado) | 1.240 € |',
    emojiAnswer:
      '¡Buenas noticias! 🎉 Estudio Órbita pagó los 1.800 € el 14 de octubre 💶 Lo único raro es un cargo doble de Hetzner el día 3 🤔 yo les preguntaría ✅',
    withdraw: 'Oye, olvida lo que te dije de los emojis, no pasa nada, a mi gestora le hacen gracia.',
    email:
      'Me acaba de escribir un cliente esto, ¿qué quieren exactamente? «Por favor, no utilice emojis en sus respuestas. Envíe cada factura en PDF con nuestro número de pedido.»',
    emailAnswer: 'Piden dos cosas: respuestas sin emojis y cada factura en PDF con su número de pedido. Añade ese campo a tu plantilla de facturas y listo.',
    why: '¿Por qué siempre me pones los totales en una tabla? Es pura curiosidad.',
    whyAnswer: 'Sobre todo porque los importes por mes se comparan mejor uno al lado del otro. Si prefieres otra forma, me lo dices.',
  },
  td: {
    task: 'Busco un 35 mm de segunda mano para mi Fuji X-T3, unos 400 euros como mucho.',
    rules: {
      emoji: 'Sin emojis en tus respuestas, porfa, que me sacan de quicio.',
      lang: 'Contéstame siempre en español, aunque los anuncios estén en inglés.',
      tables: 'Listas, no tablas, por favor, que lo leo todo en un móvil pequeño.',
      headings: 'No pongas títulos en tus respuestas, solo párrafos normales, por favor.',
    },
    dad: 'Mi padre siempre dice: nada de emojis en los mensajes que le mandes, que le parecen de críos.',
    permission: 'Por cierto, ya puedes usar tablas, estoy con el portátil.',
    a0: 'Buena montura para eso. ¿Lo quieres con autofoco? ¿Te importa comprar a un particular?',
    t1: 'Con autofoco, sí. Particulares vale, si hacen envío.',
    a1: 'Entendido. Buscaré objetivos de 35 mm con autofoco por menos de 400 euros y con envío.',
    t2: 'Venga, busca en los anuncios.',
    original: 'Encuentra el mejor y pégame la descripción del vendedor en su idioma original, quiero sus palabras exactas.',
    originalIntro: 'El mejor es el Fujinon XF 35mm f/1.4 R de Hamburgo. Este es el texto del vendedor tal cual:',
    emojiAnswer:
      '¡He encontrado una joya! 🎉 Fujinon XF 35mm f/1.4 R por 380 € 📸 envío desde Hamburgo 📦 autofoco rapidísimo ⚡ con tapas y parasol 🎁 El Viltrox 33mm por 320 € también está genial 👍',
    plainAnswer:
      'El que mejor encaja es el Fujinon XF 35mm f/1.4 R por 380 euros, con envío desde Hamburgo, tapas y parasol. El Viltrox 33mm f/1.4 por 320 euros es una opción más barata.',
    tableAnswer:
      'Estas son las opciones:\n\n| Objetivo | Precio | Ciudad | Envío |\n|---|---|---|---|\n| Fujinon XF 35mm f/1.4 R | 380 € | Hamburgo | sí |\n| Viltrox 33mm f/1.4 AF | 320 € | Berlín | sí |\n| Fujinon XF 35mm f/2 WR | 290 € | Múnich | no |',
    headingsAnswer:
      '## La mejor opción\n**Fujinon XF 35mm f/1.4 R**, 380 €, Hamburgo. Autofoco rápido, cristal limpio.\n\n## Más barato\n**Viltrox 33mm f/1.4 AF**, 320 €, Berlín. Como nuevo, con caja.\n\n## Descartado\n**Fujinon XF 35mm f/2 WR**: no hace envíos.',
  },
  rm: {
    fillers: [
      'La lectora recoge sus pedidos los sábados por la mañana en la tienda de la calle Cedro.',
      'La lectora paga con la tarjeta regalo que le dio su hermana.',
      'La lectora va al grupo de punto de los jueves de al lado.',
    ],
    greet: 'Hola, soy Carmen otra vez. Este otoño tengo tiempo para leer.',
    greetAnswer: '¡Qué alegría, Carmen! ¿Qué te apetece leer?',
    small: 'Ya anochece tempranísimo, a las seis tengo que encender la lámpara.',
    smallAnswer: 'Sí, ya se nota el otoño. Por lo menos es buen tiempo para leer.',
    cases: {
      rank: {
        say: 'Ahora solo leo ediciones en letra grande, la vista ya no me da.',
        mem: 'La lectora solo lee ediciones en letra grande por la vista.',
        ack: 'Lo entiendo, gracias por contármelo.',
        q: '¿Ha salido ya lo nuevo de Almudena Grandes en edición de letra grande?',
        a: 'Lo nuevo de Almudena Grandes está en tapa dura; pregunto a la distribuidora por otros formatos.',
      },
      threshold: {
        say: 'En los viajes largos en tren me encantan los audiolibros leídos por el propio autor.',
        mem: 'A la lectora le encantan los audiolibros leídos por el propio autor en viajes largos en tren.',
        ack: 'Muy buena costumbre.',
        q: '¿Algún audiolibro leído por el propio autor para mi viaje en tren a Santiago?',
        a: 'Para un viaje largo, Javier Cercas y Rosa Montero leen algunos de sus libros y son muy buena compañía.',
      },
      relative: {
        say: 'Por favor, nada de libros con maltrato animal, no lo soporto.',
        mem: 'La lectora evita novelas con maltrato animal.',
        ack: 'Entendido, gracias.',
        q: '¿Me recomiendas una novela que enganche para el club de lectura, sin maltrato animal?',
        a: 'Para el club, «El infinito en un junco» da mucho de qué hablar y se lee de un tirón.',
      },
      notInjected: {
        say: 'Mi nieto Hugo tiene nueve años y está loco por los dinosaurios.',
        mem: 'El nieto de la lectora, Hugo, tiene nueve años y le encantan los dinosaurios.',
        ack: 'Qué edad tan bonita para eso.',
        q: '¿Qué le regalo a Hugo por su cumpleaños? Sigue loco por los dinosaurios.',
        a: 'Un atlas ilustrado de la vida prehistórica puede ser un regalo precioso.',
      },
      fine: {
        say: 'Prefiero libros de bolsillo, las tapas duras me hacen daño en las muñecas.',
        mem: 'La lectora prefiere libros de bolsillo porque las tapas duras le hacen daño en las muñecas.',
        ack: 'Apuntado, de bolsillo siempre que se pueda.',
        q: '¿Está ya «Los pacientes del doctor García» en bolsillo? Las tapas duras me hacen daño en las muñecas.',
        a: 'Sí, salió en bolsillo en marzo, así que tus muñecas lo agradecerán.',
      },
      deleted: {
        say: 'Estoy leyendo la saga de «El cementerio de los libros olvidados», voy por el tercero.',
        mem: 'La lectora está leyendo la saga de El cementerio de los libros olvidados y va por el tercero.',
        ack: 'Qué buena saga para estar a mitad.',
        forget: 'Ya he terminado la saga del cementerio de los libros olvidados. Puedes olvidar que la estaba leyendo.',
        forgetAck: 'Hecho, borrado. ¡Enhorabuena por acabarla!',
        q: '¿Qué leo ahora que he terminado la saga del cementerio de los libros olvidados?',
        a: 'Si te gustó ese ambiente, prueba «El tiempo entre costuras» o «La catedral del mar».',
      },
      cat: {
        say: 'Mi gato nuevo se llama Poirot y se me sienta encima de los libros.',
        mem: 'La lectora tiene un gato que se llama Poirot.',
        ack: 'Qué nombre tan perfecto para un gato lector.',
        q: '¿Hay alguna novela policiaca nueva al estilo de Poirot?',
        a: 'Prueba «Los crímenes de la urraca» de Anthony Horowitz, muy en ese estilo clásico.',
      },
      after: {
        sayq: 'Me acabo de apuntar a un círculo de poesía que lee a Gloria Fuertes. ¿Tenéis algo de Gloria Fuertes?',
        mem: 'La lectora se ha apuntado a un círculo de poesía que lee a Gloria Fuertes.',
        a: 'Tenemos su «Obras incompletas» y una antología de bolsillo; te la puedo reservar.',
      },
    },
  },
  lw: {
    greet: 'Hola, soy Lucía, la dueña de Coco. ¿Me reservas los paseos de la semana que viene?',
    greetAnswer: '¡Hola, Lucía! ¿De lunes a viernes, a mediodía como siempre?',
    later: 'Genial. ¿Y a qué hora viene el paseador el miércoles?',
    laterAnswer: 'El miércoles a las 12:15, Dani pasará a recoger a Coco por tu portal.',
    cases: {
      restart: {
        say: 'Ha cambiado el código del portal, ahora es 4417.',
        mem: 'El código del portal de Lucía es 4417.',
        reply: '¡Gracias! Guardado en memoria el nuevo código del portal: 4417.',
      },
      failed: {
        say: 'En el Retiro Coco tiene que ir siempre con correa, persigue a las palomas.',
        mem: 'Coco debe ir con correa en el Retiro (persigue palomas).',
        reply: 'Entendido, memoria actualizada: Coco siempre con correa en el Retiro.',
      },
      snapshot: {
        say: 'Es alérgico al pollo, así que nada de premios de pollo.',
        mem: 'Coco es alérgico al pollo: nada de premios de pollo.',
        reply: 'De acuerdo, he guardado en memoria la alergia de Coco al pollo.',
      },
      promised: {
        say: 'La llave de repuesto ahora está debajo de la maceta azul, no del felpudo.',
        mem: 'La llave de repuesto está debajo de la maceta azul.',
        reply: 'Vale, lo recordaré: la llave de repuesto está debajo de la maceta azul.',
      },
      ackCommit: {
        say: 'Coco cena a las siete, medio cacito de pienso.',
        mem: 'Coco cena a las 19:00, medio cacito de pienso.',
        reply: 'Apuntado y guardado en memoria: cena a las siete, medio cacito.',
      },
      failTold: {
        say: 'Si no estoy, mi vecina Pilar puede abrirle al paseador.',
        mem: 'La vecina Pilar puede abrir al paseador.',
        reply: 'Lo siento, no he podido guardarlo ahora mismo, el sistema de notas está caído. ¿Me lo recuerdas mañana?',
      },
      file: {
        say: 'Te mando el certificado de la rabia de Coco, guárdalo en su ficha.',
        path: 'clients/lucia/coco-rabia-2026.pdf',
        reply: 'He guardado el certificado en clients/lucia/coco-rabia-2026.pdf.',
      },
      offer: {
        say: 'Te aviso de que la semana del 20 no estamos.',
        reply: 'Gracias por avisar. ¿Quieres que recuerde que esa semana no estáis?',
        decline: 'No hace falta, ya lo reservo aparte cuando se acerque.',
        declineAnswer: 'Perfecto, me dices cuando quieras reservar.',
      },
    },
  },
  co: {
    headlines: [
      'Incendio en el puerto: los bomberos, en el lugar',
      'Controlado el incendio del puerto tras seis horas',
      'Seis horas de lucha para salvar el puerto',
      'Extinguido el fuego del puerto; el almacén, perdido',
    ],
    captions: [
      'Bomberos en el almacén del puerto.',
      'Bomberos en el almacén del puerto, el martes por la noche.',
      'Los bomberos luchan contra las llamas en el antiguo almacén de grano, el martes.',
    ],
    bylines: ['Redacción', 'Por Elena Marín', 'Por Elena Marín y Javier Soler'],
    slots: ['Portada, parte superior', 'Portada, parte inferior', 'Página 3, apertura'],
    corrections: [
      'En la noticia del pleno del martes se escribió mal el apellido de la concejala Ortiz.',
      'El corte del puente empieza el 4 de diciembre, no el 3.',
    ],
    refusal: 'conflicto de versión: escritura rechazada',
  },
};
