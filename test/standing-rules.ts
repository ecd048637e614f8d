// Standing rules in the ten languages of the engine's design, with look-alikes that state none: one table for the
// detector's tests (src/text/standing-rules.test.ts) and the engine's (test/engine-design.test.ts §4.1).

/** an instruction about the units of every answer (units:metric) */
export const UNITS_PIN: Record<string, string> = {
  en: 'Please use metric units.',
  'zh-Hans': '请用公制单位。',
  'zh-Hant': '請用公制單位。',
  es: 'Por favor, usa unidades métricas.',
  de: 'Bitte verwende metrische Einheiten.',
  fr: "Utilise les unités métriques, s'il te plaît.",
  ja: 'メートル法を使ってください。',
  pt: 'Por favor, use unidades métricas.',
  ko: '미터법을 사용해 주세요.',
  ru: 'Пожалуйста, используй метрическую систему.',
};

/** one-off conversions, statements about the past, other people's habits, a question */
export const UNITS_NOT: Record<string, string[]> = {
  en: [
    'Convert this recipe to metric units.',
    'I used metric units in my report.',
    'My dad always uses imperial units.',
    'What is 30 degrees Celsius in Fahrenheit?',
  ],
  'zh-Hans': ['把这个食谱换算成公制单位。', '我上周用的是英制单位。', '我爸总是用华氏度。'],
  'zh-Hant': ['把這個食譜換算成公制單位。', '我上週用的是英制單位。', '我爸總是用華氏度。'],
  es: ['Convierte esta receta al sistema métrico.', 'Usé unidades métricas en mi informe.', 'Mi padre siempre usa grados Fahrenheit.'],
  de: ['Rechne dieses Rezept in metrische Einheiten um.', 'Ich habe im Bericht metrische Einheiten verwendet.', 'Mein Vater benutzt immer Fahrenheit.'],
  fr: [
    'Convertis cette recette en unités métriques.',
    "J'ai utilisé des unités métriques dans mon rapport.",
    'Mon père utilise toujours les degrés Fahrenheit.',
  ],
  ja: ['このレシピをメートル法に換算して。', '先週の報告書ではメートル法を使いました。', '父はいつも華氏を使います。'],
  pt: ['Converta esta receita para o sistema métrico.', 'Usei unidades métricas no meu relatório.', 'Meu pai sempre usa graus Fahrenheit.'],
  ko: ['이 레시피를 미터법으로 바꿔 주세요.', '지난주 보고서에서 미터법을 썼어요.', '우리 아버지는 항상 화씨를 썼어요.'],
  ru: ['Переведи этот рецепт в метрическую систему.', 'В отчёте я использовал метрическую систему.', 'Мой отец всегда пользуется Фаренгейтом.'],
};

/** "remember to always …": a standing rule the user asks to keep */
export const REMIND_PIN: Record<string, string> = {
  en: 'Remember to always write tests.',
  'zh-Hans': '记得以后都要写测试。',
  'zh-Hant': '記得以後都要寫測試。',
  es: 'Recuerda escribir siempre pruebas.',
  de: 'Denk daran, immer Tests zu schreiben.',
  fr: "N'oublie pas de toujours écrire des tests.",
  ja: '常にテストを書くことを覚えておいてください。',
  pt: 'Lembre-se de sempre escrever testes.',
  ko: '항상 테스트를 작성하는 것을 기억해 주세요.',
  ru: 'Не забывай всегда писать тесты.',
};

/** a one-off reminder, the speaker's or someone else's habit, encouragement, the past */
export const REMIND_NOT: Record<string, string[]> = {
  en: [
    'Remember to call mom tomorrow.',
    'I always remember to write tests.',
    'My boss always reminds me to write tests.',
    'Remember to always be kind to yourself.',
    'Yesterday I forgot to write tests.',
  ],
  'zh-Hans': ['记得明天给妈妈打电话。', '我总是记得写测试。', '我老板总是提醒我写测试。'],
  'zh-Hant': ['記得明天給媽媽打電話。', '我總是記得寫測試。', '我老闆總是提醒我寫測試。'],
  es: ['Recuerda llamar a mamá mañana.', 'Siempre me acuerdo de escribir pruebas.', 'Mi jefe siempre me recuerda escribir pruebas.'],
  de: ['Denk daran, morgen Mama anzurufen.', 'Ich denke immer daran, Tests zu schreiben.', 'Mein Chef erinnert mich immer daran, Tests zu schreiben.'],
  fr: ["N'oublie pas d'appeler maman demain.", "Je n'oublie jamais d'écrire des tests.", "Mon chef me rappelle toujours d'écrire des tests."],
  ja: ['明日お母さんに電話するのを忘れないで。', '私はいつもテストを書くのを忘れません。', '上司はいつもテストを書けと言います。'],
  pt: ['Lembre-se de ligar para a mamãe amanhã.', 'Eu sempre lembro de escrever testes.', 'Meu chefe sempre me lembra de escrever testes.'],
  ko: ['내일 엄마한테 전화하는 것을 잊지 마세요.', '저는 항상 테스트 작성하는 것을 기억해요.', '상사는 항상 테스트를 작성하라고 해요.'],
  ru: ['Не забудь завтра позвонить маме.', 'Я всегда не забываю писать тесты.', 'Мой начальник всегда напоминает мне писать тесты.'],
};
