// Español de España: una agente de aduanas en Valencia, la dueña de una gata, un cliente de paseo de perros, la
// redacción de un diario regional, una librería de viejo en Madrid, una familia con la declaración de la renta.
const blurb =
  '¡La novela que lo cambió todo! ¡Vuelve por fin a las librerías el clásico que ganó el primer Premio Nadal! ¡Una Barcelona de posguerra que no podrás olvidar! ¡No te la pierdas!';
export default {
  wo: {
    port: 'el puerto de Valencia',
    consignee: 'Muebles Albufera S.L.',
    hello:
      'Buenos días. Llevo el despacho de aduanas de un importador de muebles y esta semana nos llegan varios contenedores a {port}; tengo que repasar los manifiestos antes de presentar las declaraciones.',
    helloAnswer:
      'Buenos días. Sin problema: pásame los números de contenedor de uno en uno y te saco cada manifiesto, marcando lo que no cuadre, como pesos, partidas arancelarias o líneas que falten.',
    ruleTables:
      'Una norma para toda esta conversación: no uses nunca tablas en tus respuestas. Trabajo con lector de pantalla y las tablas me las lee como un revoltijo de celdas. Frases normales o una lista corta, perfecto.',
    ruleEmoji:
      'Otra cosa: a partir de ahora, nada de emojis en tus respuestas, por favor. Nuestro sistema de tickets los convierte en interrogaciones y queda fatal en el registro.',
    ack: 'Entendido, lo mantengo durante el resto de la conversación.',
    asks: [
      '¿Me sacas el manifiesto del {c} y me dices si hay algo raro?',
      'El siguiente es el {c}. ¿Ves algo extraño?',
      'Vale, ahora el {c}, con las mismas comprobaciones.',
    ],
    answers: [
      'El manifiesto del {c} tiene {n} líneas. Las partidas arancelarias encajan con las descripciones, pero en la línea {k} el peso bruto es menor que el neto; yo pediría al expedidor que lo corrija antes de presentar.',
      'El {c} está bien en general: {n} líneas, todo con origen Vietnam y los bultos cuadran. Solo la línea {k} merece otro vistazo, porque el peso por bulto es muy superior al resto.',
      'Ya he revisado el {c}: {n} líneas, no falta ninguna y las partidas coinciden. La línea {k} tiene un número de bultos raro, seguramente una errata; conviene confirmarlo con el proveedor.',
    ],
    reminder: 'Y te lo recuerdo, que llevamos un buen rato: sigue sin tablas, por favor, por el lector de pantalla.',
    overviewAsk: 'Genial. ¿Me haces un resumen de todos los contenedores que hemos revisado, con su estado, para la llamada con el agente a las tres?',
    tableIntro: 'Aquí tienes el resumen para la llamada:',
    tableHead: ['Contenedor', 'Estado', 'Nota'],
    status: ['listo para declarar', 'consulta al expedidor', 'listo para declarar', 'esperando la lista de bultos'],
    notes: ['sin incidencias', 'peso incoherente en una línea', 'bultos por confirmar', 'revisar partida'],
    listIntro: 'Aquí tienes el resumen para la llamada, contenedor por contenedor:',
    plainOutro: 'El resto está listo en cuanto lleguen esas respuestas.',
    emojiIntro: 'Aquí va el resumen para la llamada',
    emojiOutro: '¡Eso es todo, suerte con la llamada!',
    summary:
      'Resumen de la conversación hasta ahora: la usuaria lleva el despacho de aduanas de un importador de muebles en Valencia. Revisamos uno a uno los manifiestos de varios contenedores procedentes de Vietnam, comprobando partidas, pesos y bultos, y marcamos líneas sueltas con problemas de peso o de bultos para el expedidor. Pendiente: un resumen de todos los contenedores para la llamada con el agente.',
    summaryKept:
      'Resumen de la conversación hasta ahora: la usuaria lleva el despacho de aduanas de un importador de muebles en Valencia. Revisamos uno a uno los manifiestos de varios contenedores de Vietnam y marcamos líneas sueltas con problemas de peso o de bultos. Instrucción permanente de la usuaria: nada de emojis en las respuestas (su sistema de tickets no los admite). Pendiente: un resumen de todos los contenedores para la llamada.',
  },
  rm: {
    earlierUser:
      'Hola, Canela ha tenido hoy la revisión con vosotros. La auxiliar me dijo que guardaríais sus datos en la ficha para no tener que repetirlo todo cada vez.',
    earlierAnswer: '¡Hola! Sí, lo de hoy ya está en la ficha de Canela. Puedes preguntarme por sus cuidados cuando quieras.',
    memDiet: 'Canela (gata, 9 años) tiene enfermedad renal crónica: solo comida de dieta renal, nada de premios con mucho fósforo.',
    memDietOld: 'Canela (gata, 9 años) come pienso seco, dos tomas al día, y le dan premios dentales.',
    memDietNew: 'Canela (gata, 9 años) tiene enfermedad renal crónica: solo comida de dieta renal desde marzo, nada de premios con mucho fósforo.',
    memInsurance: 'La dueña paga por domiciliación; la gata está asegurada con MascoSegur, póliza 44-1937.',
    memAppt: 'La dueña prefiere citas antes de las 9 de la mañana entre semana.',
    memVacc: 'La cartilla de vacunación de Canela se queda en la recepción de la clínica.',
    smalltalk: [
      ['Hola, una pregunta rápida sobre Canela, si tienes un momento.', 'Claro, dime.'],
      ['Perdona, está cayendo una que no veas, te escribo desde la parada del autobús.', 'No te preocupes, sin prisa.'],
    ],
    dietChangeUser: 'Para que lo sepáis: desde lo del riñón, Canela solo come la comida húmeda renal y ya no le doy premios dentales.',
    dietChangeAnswer: 'Gracias por avisar, ya he actualizado la ficha de Canela.',
    kbWeight:
      'Pérdida de peso en gatos mayores: las causas más frecuentes son la enfermedad renal, el hipertiroidismo y el dolor dental. Pesar una vez al mes y pedir revisión si sigue bajando.',
    kbSenior:
      'Comida senior para gatos de más de 8 años: más proteína y energía para mantener la masa muscular, por ejemplo VitaCat Senior 7+ (pienso) o las tarrinas VitaCat Senior.',
    question: 'Canela ha perdido algo de peso últimamente. ¿Qué comida le puedo dar ahora?',
    rewritten: 'comida adecuada gata Canela pérdida de peso dieta',
    blockTitle: 'Ficha de la dueña y base de conocimiento (recuperado):',
    answerBad:
      'Si Canela está perdiendo peso, le iría bien una comida senior con más proteína y energía, por ejemplo VitaCat Senior 7+. Pésala una vez al mes y pide cita si sigue bajando.',
    answerGood:
      'Sigue con su comida húmeda renal. Para que recupere peso, repártela en cuatro tomas pequeñas y templa un poco la comida. Pésala una vez al mes y pide cita si sigue bajando.',
  },
  lw: {
    earlierUser: 'Hola, quería apuntar a Toby a los paseos. Es un labrador de cuatro años y la llave de repuesto la tiene mi vecina del número 12.',
    earlierAnswer: 'Estupendo, Toby ya está dado de alta. Recogeremos la llave en el número 12.',
    memKey: 'La llave de repuesto de la casa del cliente la tiene la vecina del número 12.',
    memDog: 'Toby es un labrador de cuatro años; paseos de una hora.',
    q0: 'Buenas, ¿me organizas los paseos de Toby para la semana que viene?',
    a0: 'Claro. Toby tiene paseos de una hora y la llave se recoge en el número 12. ¿Qué días te vienen bien?',
    blockTitle: 'Notas del cliente (memoria):',
    rule: 'Antes de nada: a Toby ya no se le puede soltar la correa. La semana pasada se fue detrás de un ciclista en el parque.',
    memLeash: 'Toby debe ir siempre atado con la correa en los paseos (persiguió a un ciclista en el parque).',
    promise: 'Entendido, lo recordaré: a partir de ahora Toby va atado en todos los paseos.',
    q2: 'Gracias. Lunes, miércoles y viernes a mediodía, por favor.',
    a2: 'Reservado: lunes, miércoles y viernes a las 12:00, una hora cada paseo, llave en el número 12.',
    bye: 'Perfecto, eso es todo. ¡Gracias!',
    byeAnswer: '¡A ti! Que vaya bien la semana.',
  },
  co: {
    headlines: [
      'El pleno aprueba la reparación del puente de Serranos',
      'Desconvocada la huelga de autobuses tras un acuerdo de madrugada',
      'El parking del hospital subirá sus tarifas en abril',
    ],
    correction: '(corregido: la votación fue 19 a 8)',
    photo0: 'Foto: Lucía Ferrer',
    photo1: 'Foto: Javier Soler / pool',
    teaser0: 'Qué supone la obra para quienes van al trabajo',
    ask: '¿Qué abre mañana la portada?',
    answer: 'Ahora mismo abre la portada:',
  },
  td: {
    ruleShort: 'Respuestas cortas, por favor: 60 palabras como mucho. Las leo en el móvil entre cliente y cliente.',
    ruleLists: 'En tus respuestas usa listas y no tablas, por favor; las pego en nuestro boletín de texto plano.',
    ruleCalm: 'Y en tus respuestas nada de signos de exclamación, por favor, un tono tranquilo; se las reenvío tal cual a los clientes.',
    ack: 'De acuerdo, así lo haré.',
    q0: 'Un señor nos quiere vender una caja entera de Austral antiguos. ¿Seguimos comprando lotes completos?',
    a0: 'Sí, compráis lotes completos después de ver el estado; los Austral de los años cuarenta en buen estado se tasan aparte y el resto va a la mesa de saldos.',
    book: 'Carmen Laforet, Nada, primera edición, Destino 1945',
    qLong: 'Un cliente pregunta por la primera edición de Nada de Carmen Laforet. ¿Qué tenemos en el catálogo?',
    qTable: '¿Qué ediciones de Nada tienen anunciadas ahora mismo los libreros?',
    qBlurb: 'Ha llegado la reedición de Nada. ¿Qué dice la editorial del libro?',
    verbatimTable: 'Enséñame la tabla tal cual la da el catálogo, por favor.',
    verbatimBlurb: 'Cópiame el texto de la editorial palabra por palabra, tal cual, para la ficha de la estantería.',
    longEntry:
      'LAFORET, Carmen. Nada. Barcelona: Ediciones Destino, 1945. Primera edición. Colección Áncora y Delfín, número 2. Octavo, rústica con sobrecubierta ilustrada original. La sobrecubierta presenta ligeros roces en los bordes, un pequeño desgarro cerrado en la cabeza del lomo y algo de tostado; la cubierta de debajo está limpia y firme. Interior limpio y bien encuadernado, con alguna mancha de óxido en las guardas y el corte, sin anotaciones ni ex libris. La novela, que ganó la primera convocatoria del Premio Nadal en enero de 1945, narra el año de Andrea en la Barcelona de posguerra, en el piso de la calle de Aribau, y fue un éxito inmediato de crítica y público. Los ejemplares de primera edición con la sobrecubierta son escasos, y en este estado se ven muy poco en el mercado. Procedencia: biblioteca de una maestra de Zaragoza, adquirida en subasta en 2024. Precio a consultar, referencia NA-1945-01. Está en la vitrina cerrada de la sala dos.',
    longAnswer:
      'Tenemos un ejemplar: la primera edición de Destino de 1945, colección Áncora y Delfín número 2, en rústica con su sobrecubierta ilustrada original. La sobrecubierta tiene roces en los bordes, un pequeño desgarro cerrado en la cabeza del lomo y algo de tostado; la cubierta de debajo está limpia. Por dentro está limpio y firme, con alguna mancha de óxido en guardas y corte, sin anotaciones. Viene de la biblioteca de una maestra de Zaragoza, comprada en subasta en 2024. Ganó el primer Premio Nadal, así que las primeras con sobrecubierta son escasas y este es un buen ejemplar. Está en la vitrina cerrada de la sala dos, referencia NA-1945-01, precio a consultar.',
    shortAnswer:
      'Un ejemplar: primera edición de Destino, 1945, con sobrecubierta algo rozada y un pequeño desgarro. Interior limpio. Vitrina de la sala dos, ref. NA-1945-01, precio a consultar.',
    editionsTable:
      '| Año | Editorial | Estado | Precio |\n|---|---|---|---|\n| 1945 | Destino | primera edición, sobrecubierta rozada | 1.200 € |\n| 1947 | Destino | tercera edición, sin sobrecubierta | 90 € |\n| 1958 | Destino | Áncora y Delfín, buen estado | 35 € |\n| 1985 | Destino | bolsillo | 6 € |',
    tableAnswer:
      '| Año | Editorial | Estado | Precio |\n|---|---|---|---|\n| 1945 | Destino | primera edición, sobrecubierta rozada | 1.200 € |\n| 1947 | Destino | tercera edición, sin sobrecubierta | 90 € |\n| 1958 | Destino | buen estado | 35 € |\n| 1985 | Destino | bolsillo | 6 € |',
    blurb,
    loudAnswer:
      '¡Qué buena noticia! Ha llegado la reedición y la editorial dice que es la novela que lo cambió todo. ¡Vuelve por fin el clásico del primer Premio Nadal! ¡No te la pierdas!',
    quotedBlurb: `Aquí lo tienes, palabra por palabra:\n\n${blurb}`,
    bye: 'Gracias, por hoy es todo.',
    byeAnswer: 'De nada. Que vaya bien la tarde en la librería.',
  },
  ic: {
    ruleEmoji:
      'Hola, este finde quiero hacer la declaración de la renta de 2025. Nada de emojis en tus respuestas, por favor, que se las reenvío tal cual a mi gestora.',
    a0: 'Encantado de ayudarte. Empecemos por los ingresos: ¿el año pasado trabajaste por cuenta ajena, como autónomo o las dos cosas?',
    q1: 'Por cuenta ajena, y además tengo alquilado un piso en Valencia.',
    a1: 'Entonces tienes que revisar los rendimientos del trabajo con el certificado de la empresa y declarar el piso como rendimiento de capital inmobiliario: los alquileres cobrados y los gastos deducibles, como IBI, comunidad, seguro y reparaciones.',
    q2: 'Ya lo tengo: 9.600 € de alquiler y unos 2.100 € de gastos.',
    emojiAnswer:
      '¡Genial! ✅ Te queda un rendimiento neto de 7.500 € 🎉 y, si es vivienda habitual del inquilino, puedes aplicar la reducción que corresponda 👍',
    plainAnswer: 'Te queda un rendimiento neto de 7.500 € y, si es vivienda habitual del inquilino, puedes aplicar la reducción que corresponda.',
    q3: '¿Y los intereses de la hipoteca del piso?',
    emojiAnswer3: 'Buena pregunta 😊 Los intereses de la hipoteca del piso alquilado son gasto deducible del alquiler, con el límite de los ingresos 💡',
    plainAnswer3: 'Los intereses de la hipoteca del piso alquilado son gasto deducible del alquiler, con el límite de los ingresos.',
    ruleTables: 'Hola, estoy con la renta de 2025. Sin tablas en tus respuestas, por favor, que lo leo todo en el móvil y no caben.',
    statementIntro: 'Te pego la información fiscal anual de mi banco tal como me llegó. ¿Qué tengo que poner y dónde?',
    stHead: 'INFORMACIÓN FISCAL 2025  Cuenta ES76 2100 0418 4502 0005 1332  Titular: Pilar Navarro Gil  Periodo 01/01/2025 - 31/12/2025',
    stKinds: ['Dividendo', 'Intereses', 'Reparto de fondo', 'Prima de asistencia'],
    stGross: 'bruto',
    stTax: 'retención',
    stRate: 0.19,
    stFoot: 'Información facilitada a efectos informativos. No constituye asesoramiento fiscal.',
    tableAnswer:
      '| Concepto | Casilla de la renta | Importe |\n|---|---|---|\n| Dividendos | Rendimientos del capital mobiliario | 3.912,40 € |\n| Intereses | Intereses de cuentas y depósitos | 611,85 € |\n| Reparto de fondo | Otros rendimientos | 1.204,10 € |\n| Retenciones | Retenciones del capital mobiliario | 1.089,34 € |',
    task: 'Hola, este mes voy a cerrar la renta de 2025 con mi gestora.',
    mailIntro: 'Mi gestora me ha mandado esto, te lo pego:',
    mail: '«Hola, Pilar:\ngracias por la documentación. Por favor, no me mandes tablas ni hojas de cálculo; me basta con fotos de los certificados originales.\nMe falta el certificado de retenciones de la empresa, el contrato del alquiler y el certificado de intereses de la hipoteca.\nUn saludo, Marta»',
    mailAsk: '¿Qué me falta de lo que te he pasado hasta ahora?',
    thanks: 'Gracias, me aclara mucho.',
    thanksAnswer: 'De nada. Con esos tres documentos ya se puede presentar.',
    permission: 'Por cierto, ya puedes usar emojis, que estoy haciendo una lista para las huchas de los niños.',
    kidsAnswer: 'Aquí va la lista 👇\n✅ Extracto de la cuenta de los niños\n💶 Intereses de sus ahorros\n📝 Apunta los regalos grandes de los abuelos',
  },
};
