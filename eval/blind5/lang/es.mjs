// Español (España; escrito a mano para blind5).
export default {
  wo: {
    sys: 'Eres Cuaderno de Campo, el asistente de la cooperativa hortícola Campo Este. Lees las exportaciones de los sensores del invernadero (read_sensor_export) y respondes a los agricultores.',
    hello: 'hola, soy Nuria, llevo el invernadero B2. quiero repasar contigo los datos de los sensores de esta semana, bancal por bancal',
    helloAns: 'Hola Nuria. Claro, dime por qué bancal quieres empezar y saco las lecturas.',
    ack: 'Entendido.',
    f_emoji:
      'antes de nada: no pongas emojis en tus respuestas, porfa. Las copio tal cual en el cuaderno de la cooperativa y el ordenador viejo las convierte en cuadraditos',
    f_lang: 'Contéstame siempre en español, aunque la exportación venga con las notas en inglés de las sondas del proveedor.',
    f_tables: 'A partir de ahora, listas y no tablas, por favor. En la tablet del invernadero las tablas salen descuadradas.',
    f_lists:
      'Una norma para toda la conversación: nada de viñetas ni listas numeradas en tus respuestas, escríbelo en frases normales. Lo leo en voz alta en la reunión de los lunes.',
    l_reported:
      'Por cierto, mi técnico agrícola, Julián, siempre dice que no le mandemos nunca tablas, que él lo lee todo en el móvil subido al tractor. Es un personaje.',
    ackReported: 'Jaja, un hombre práctico. ¿Qué bancal miramos ahora?',
    l_lang: 'Contéstame siempre en español, que mi inglés es bastante flojo.',
    pin: 'Preferencia fija del usuario: quiere todas las respuestas en español.',
    l_perm1: 'de momento sin tablas plis',
    l_perm2: 'Oye, olvida lo que te dije de las tablas, para estas lecturas vienen bien. Úsalas cuando ayuden.',
    ackPerm2: 'Vale, entonces uso tablas cuando haga falta.',
    l_oneoff:
      '¿Me escribes dos frases sobre el problema de la válvula del bancal 4 para la reclamación al proveedor de riego? En esta sin emojis, que va oficial.',
    oneoffAns:
      'Desde el 12 de noviembre, la electroválvula del bancal 4 del invernadero B2 no se cierra tras el ciclo programado en repetidas ocasiones, dejando el agua corriendo hasta 40 minutos. Solicitamos la sustitución de la válvula o una revisión in situ esta misma semana.',
    ask: [
      'vale, bancal {bed}. ¿qué hizo la humedad del suelo por la noche?',
      'Bancal {bed}: ¿alguna válvula que se quedara abierta más de la cuenta?',
      '¿qué pasa con la temperatura del aire en el bancal {bed} al amanecer?',
      'mírame la humedad del bancal {bed}, que los tomates de ahí están mustios',
      'bancal {bed}, ¿sirve de algo el aporte de CO2?',
    ],
    ans: [
      'En el bancal {bed} la humedad del suelo bajó del {a}% al {b}% entre medianoche y las seis, y la válvula siguió cerrada hasta el ciclo de las 06:00. Es una curva normal para esta época.',
      'En el bancal {bed} la válvula se abrió a las 05:40 y se cerró a las 06:05, tal como está programado. El caudal máximo fue de {f} litros por minuto, nada raro.',
      'La temperatura del aire en el bancal {bed} bajó hasta {t} grados justo antes de amanecer y la humedad rondó el {h}%. La calefacción entró tarde, unos veinte minutos después de cruzar la consigna.',
    ],
    final: 'vale, gracias. en general, ¿qué tal ha ido la semana en el invernadero?',
    weekAns:
      'En general ha sido una semana tranquila: las curvas de humedad fueron normales en casi todos los bancales, la válvula del 4 es la única avería de verdad y la calefacción reacciona algo tarde al amanecer.',
    emojiAns:
      'En general, buena semana 🌱 La humedad bien en casi todos los bancales 💧, la válvula del 4 sigue dando guerra 🔧 y la calefacción va un poco lenta al amanecer 🌡️ Nada grave 👍',
    tableAns:
      '| Bancal | Humedad mín. | Válvula | Nota |\n|---|---|---|---|\n| 3 | 27% | ok | normal |\n| 4 | 22% | se queda abierta | cambiar |\n| 7 | 29% | ok | calefacción tarde |\n| 9 | 31% | ok | bien |',
    listAns:
      '- Humedad: curva nocturna normal en casi todos los bancales\n- Bancal 4: la válvula se sigue quedando abierta\n- Calefacción: unos veinte minutos tarde al amanecer\n- CO2: poco efecto antes de las 9:00',
    summary:
      'Resumen de la conversación hasta ahora: Nuria lleva el invernadero B2 de la cooperativa Campo Este y está revisando bancal por bancal la exportación de sensores de esta semana. Se han visto los bancales 2 a 9; la válvula del 4 se queda abierta y la calefacción reacciona tarde al amanecer.',
  },
  rm: {
    sys: 'Eres Cadencia, un asistente de entrenamiento de ciclismo. Usa los recuerdos que te damos sobre el ciclista.',
    memLabel: 'Lo que sabes del ciclista:',
    hello: 'Buenas, entrenador. Semana nueva, ¿plan nuevo?',
    helloAns: '¡Buenas! Sí, vamos a ver la semana. ¿Qué tal las piernas?',
    ack: 'Gracias por decírmelo, eso cambia cómo te planifico las salidas.',
    fillers: [
      'El ciclista tiene una gravel de acero de 2019 con cubiertas de 40 mm.',
      'El ciclista tiene un FTP de unos 240 vatios, medido en septiembre.',
      'El ciclista vive en Valencia y sale desde el cauce del Turia.',
    ],
    f1: {
      say: 'Aviso: la semana pasada me hice daño en la rodilla izquierda. El fisio dice nada de subidas empinadas durante un mes.',
      mem: 'El ciclista se lesionó la rodilla izquierda; el fisio le prohíbe subidas empinadas durante un mes.',
      q: '¿Me preparas el sábado con un par de subidas empinadas? Quiero volver a sentirme fuerte.',
      ans: 'Sábado: 70 km con tres subidas empinadas por la Calderona, del 8 al 12 %, sentado.',
    },
    f2: {
      say: 'Los domingos tengo que estar en casa antes de las 11, comida familiar, innegociable.',
      mem: 'El ciclista tiene que estar en casa antes de las 11:00 los domingos por la comida familiar.',
      q: '¿Cuánto puede durar la salida del domingo y a qué hora tengo que estar en casa?',
      ans: 'El domingo puede ser largo: cuatro horas a ritmo de fondo, sales a las 9 y vuelves a media tarde.',
    },
    f3: {
      say: 'Mi cassette solo llega a 32 dientes, así que en las cuestas voy justo de desarrollo.',
      mem: 'El cassette del ciclista solo llega a 32 dientes; va justo de desarrollo en las cuestas.',
      q: '¿Me llega el desarrollo con este cassette para subir el Garbí?',
      ans: 'El Garbí se sube con cualquier desarrollo normal; regula en la primera rampa.',
    },
    f4: {
      say: 'Prefiero mil veces caminos rurales tranquilos, las nacionales con tráfico me agobian.',
      mem: 'El ciclista prefiere caminos rurales tranquilos y evita las nacionales con tráfico.',
      q: 'Búscame una ruta circular de 60 km por caminos rurales tranquilos para el jueves.',
      ans: 'Jueves: 60 km por la N-340 hasta Sagunto y vuelta, rápido y sencillo.',
    },
    other: {
      say: 'Hola, soy Álex, con mi propio perfil. Yo de momento solo rutas llanas, que la cadera aún se está recuperando.',
      mem: 'El ciclista solo quiere rutas llanas mientras se recupera la cadera.',
      q: 'Prepárame una ruta llana para el domingo con parada para café.',
      ans: 'Domingo: 50 km por la Vía Verde de Ojos Negros, llana todo el rato, café en Torres Torres.',
    },
    old: {
      mem: 'El ciclista entrena los martes y jueves por la tarde.',
      say: 'Cambio de planes: desde ahora entreno lunes y miércoles por la mañana, curro nuevo.',
      mem2: 'El ciclista entrena los lunes y miércoles por la mañana.',
      q: '¿Qué días entreno esta semana, que ya no me acuerdo?',
      ans: 'Lunes y miércoles por la mañana, como cuadramos con tu curro nuevo.',
    },
    pinned: {
      say: 'Entre semana los entrenos de menos de 90 minutos, por favor, que tengo que recoger a los críos.',
      mem: 'El ciclista quiere entrenos de menos de 90 minutos entre semana.',
      pinLabel: 'Preferencias fijas del ciclista:',
      q: '¿Me planificas los entrenos de entre semana?',
      ans: 'Entre semana: martes 60 minutos suave, miércoles 75 minutos con 3 x 10 minutos en sweet spot.',
    },
    failed: {
      say: 'Por cierto, he movido el día de descanso al viernes.',
      failAns: 'Perdona, no he podido guardarlo en tu perfil ahora mismo, el servicio de memoria ha tardado demasiado. ¿Me lo recuerdas luego?',
      q: '¿Qué día descanso ahora?',
      ans: 'No tengo tu día de descanso registrado, ¿cuál prefieres?',
    },
  },
  lw: {
    sys: 'Eres Par Motor, un asistente de mantenimiento de coches. Guardas en memoria a cada conductor y sus coches.',
    hello: 'Hola, tengo un Seat León ST de 2016 y este año quiero llevar bien al día las revisiones.',
    known: 'El conductor tiene un Seat León ST de 2016.',
    helloAns: '¡Hola! Encantado de ayudarte. ¿Cuántos kilómetros tiene y cuándo fue la última revisión?',
    say: [
      'La correa de distribución se cambió en marzo, con 148.000 km, en el concesionario de Zaragoza.',
      'La ITV me caduca el 14 de mayo, acuérdate.',
      'Los neumáticos de invierno son Michelin Alpin 6, 205/55 R16, guardados en el garaje de mi cuñado.',
      'Solo uso aceite 5W-30 VW 504, el de larga duración.',
      'El seguro se renueva el 2 de junio con Mapfre.',
      'Al capó le dieron pintura nueva después de la granizada de 2023.',
      'La llave de repuesto la tiene mi vecino Paco, el del 12.',
      'Las pastillas de freno se cambiaron en enero, solo las delanteras.',
    ],
    promise: [
      'Hecho, lo he guardado en memoria: correa de distribución en marzo, 148.000 km.',
      'Perfecto, me acordaré de que la ITV caduca el 14 de mayo.',
      'Memoria actualizada: Michelin Alpin 6, 205/55 R16, en el garaje de tu cuñado.',
      'Vale, lo tendré en cuenta y lo recordaré: solo 5W-30 VW 504.',
      'Guardado en memoria; te aviso antes de que se renueve el seguro el 2 de junio.',
      'He guardado en memoria lo de la pintura del capó.',
      'Entendido, lo recordaré: la llave de repuesto la tiene Paco, el del 12.',
    ],
    offer: 'Bien saberlo. ¿Quieres que me acuerde de que las delanteras se cambiaron en enero, para avisarte de las traseras?',
    later: 'Gracias. ¿Qué más reviso antes del invierno?',
    laterAns: 'Revisa la batería, la concentración del anticongelante y las escobillas; lo demás puede esperar a la revisión de primavera.',
  },
  co: {
    keys: { budget: 'kitchen_budget', date: 'tiling_date', notes: 'site_notes', plan: 'trades_plan' },
    v: {
      budgetA: '14.200 € con encimera',
      budgetB: '13.650 € con el frontal más barato',
      budgetC: '14.900 € con campana nueva',
      dateA: 'mar 3 de marzo',
      dateB: 'jue 5 de marzo (alicatador enfermo)',
      dateC: 'lun 9 de marzo',
      notesA: 'El contenedor llega el viernes, dejad libre la entrada',
      notesB: 'El electricista necesita entrar al altillo el lunes',
      notesC: 'Azulejos entregados, apilados en el garaje',
      elec: 'Toni (Electro Toni), primera fase el lunes',
      plumb: 'Nadia, mueve el desagüe del fregadero el miércoles',
    },
    refusal: 'conflicto de versión',
  },
  td: {
    sys: 'Eres Nido, un asistente para buscar piso. Puedes buscar anuncios con search_listings.',
    task: 'Busco un piso de dos habitaciones de alquiler en Leipzig, máximo 950 € con gastos, a ser posible cerca del tranvía.',
    f_len: 'Respóndeme en menos de 50 palabras, porfa, que lo leo en el tranvía.',
    f_tables: 'Usa listas y no tablas, por favor, el lector de pantalla se atasca con las tablas.',
    f_emoji: 'Sin emojis en tus respuestas, por favor: el lector de pantalla los lee en voz alta y es desesperante.',
    f_md: 'Solo texto plano, nada de markdown: reenvío tus respuestas por SMS y salen los asteriscos y las almohadillas.',
    l_hypo: 'Si esto fuera para mi casero lo dejaría cortito, pero es solo para mí, así que enróllate todo lo que quieras.',
    l_perm: 'Ah, lo de los emojis da igual, que mi hija lo lee conmigo y le encantan. Adelante.',
    l_kept: 'Mejor listas que tablas, que en el móvil las tablas son un rollo.',
    l_verbatim: '¿Puedes buscar y pegarme el texto completo de los anuncios tal cual, sin cambiar nada? Se lo quiero reenviar a mi hermana.',
    short: ['Vale. ¿Qué barrios te valen y necesitas balcón?', 'Apuntado lo del tranvía. ¿Para cuándo quieres entrar?'],
    follow: ['Connewitz o Plagwitz, con balcón mejor. Entrar antes de abril.', 'El 1 de abril idealmente. ¿Buscas ya?'],
    longAns:
      'He encontrado tres opciones buenas. La primera es un piso de dos habitaciones en Plagwitz, en la Karl-Heine-Straße, de 64 metros cuadrados, por 890 euros con gastos, en un tercero con ascensor y un balconcito que da al patio. La parada del tranvía está a dos minutos. La segunda está en Connewitz, cerca del cruce, 58 metros por 920 euros, baño recién reformado, sin ascensor y en un cuarto. La tercera se pasa un poco, 960 euros, pero tiene cocina montada y trastero, y el casero acepta mascotas. Las tres están libres desde abril. Si quieres, comparo también los gastos de calefacción, porque dos tienen calefacción urbana y una gas.',
    tableAns:
      '| Barrio | Superficie | Alquiler | Tranvía |\n|---|---|---|---|\n| Plagwitz | 64 m² | 890 € | 2 min |\n| Connewitz | 58 m² | 920 € | 5 min |\n| Lindenau | 61 m² | 960 € | 4 min |',
    listAns:
      '- Plagwitz, 64 m², 890 € con gastos, tranvía a 2 min\n- Connewitz, 58 m², 920 € con gastos, tranvía a 5 min\n- Lindenau, 61 m², 960 € con gastos, tranvía a 4 min',
    emojiAns: 'He encontrado uno genial 🏡✨ Plagwitz, 64 m², 890 € con gastos y balcón 🌿 con el tranvía en la puerta 🚋 ¿Te pido una visita? 📅',
    mdAns: '## Mejor opción\n**Plagwitz**, 64 m², **890 € con gastos**\n\n### Por qué\n- balcón\n- tranvía a 2 min\n- libre desde abril',
  },
};
