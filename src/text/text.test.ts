import { describe, expect, it } from 'vitest';
import {
  clauses,
  detectLanguage,
  detectPreferences,
  findSavePromise,
  identifyLanguage,
  sameLanguage,
  sentences,
  stopwords,
  tokenize,
  violates,
} from './index.js';

describe('the stable text API (used by issue 13)', () => {
  it('tokenize: words, lower-cased, CJK and Japanese segmented by dictionary', () => {
    expect(tokenize('Never use XML, please!')).toEqual(['never', 'use', 'xml', 'please']);
    expect(tokenize('不要使用表格')).toEqual(['不要', '使用', '表格']);
    expect(tokenize('絵文字は使わないでください', 'ja')).toContain('絵文字');
    expect(tokenize('')).toEqual([]);
  });
  it('stopwords: per language, simplified and traditional Chinese share a list', () => {
    expect(stopwords('en').has('the')).toBe(true);
    expect(stopwords('en').has('emoji')).toBe(false);
    expect(stopwords('de').has('und')).toBe(true);
    expect(stopwords('zh-Hant')).toBe(stopwords('zh-Hans'));
    expect(stopwords('xx').size).toBe(0);
  });
  it('detectLanguage: Latin languages by n-grams, CJK by script', () => {
    expect(detectLanguage('Das Wetter ist heute schön und ich gehe später im Park spazieren.')).toBe('de');
    expect(detectLanguage('Aquí tienes el resumen del informe de esta semana.')).toBe('es');
    expect(detectLanguage('Voici le résumé du rapport de la semaine dernière.')).toBe('fr');
    expect(detectLanguage('請用繁體中文回答，這樣我們說話比較方便。')).toBe('zh-Hant');
    expect(detectLanguage('请用中文回答，这样我们说话比较方便。')).toBe('zh-Hans');
    expect(detectLanguage('常に日本語で答えてください。')).toBe('ja');
    expect(detectLanguage('ok')).toBeNull();
    expect(identifyLanguage('Noté : 1 500 par portable.').reliable).toBe(false); // too short to judge
    expect(sameLanguage('zh', 'zh-Hant')).toBe(true);
    expect(sameLanguage('zh-Hant', 'zh-Hans')).toBe(false);
  });
  it('sentences: Latin and full-width end marks, not inside file names or after abbreviations', () => {
    expect(sentences('Check package.json. Then run it！然后重启。Call Dr. Lee?')).toEqual([
      'Check package.json.',
      'Then run it！',
      '然后重启。',
      'Call Dr. Lee?',
    ]);
  });
  it('sentences: a long run of short sentences keeps its head and its tail, so a rule stated last is read (issue 26)', () => {
    // 4000 sentences were the most kept, from the start: a rule after 8 KB of `. ` (18 KB of `|---|` lines) was lost
    for (const run of ['. '.repeat(9000), '|---|\n'.repeat(4000), 'a. '.repeat(6000)]) {
      const text = `No emoji, please.\n\n${run}\n\nNever use tables.`;
      const all = sentences(text);
      expect(all[0]).toBe('No emoji, please.');
      expect(all.at(-1)).toBe('Never use tables.');
      expect(all.length).toBeLessThanOrEqual(4000);
      expect(detectPreferences(text, 'user').map((p) => p.key)).toEqual(['emoji:none', 'format:lists-not-tables']);
      expect(findSavePromise(`${run}\n\nI've saved that to memory.`)?.phrase).toBe("I've saved that");
    }
    // the tail in its order, and nothing kept twice
    const numbered = Array.from({ length: 5000 }, (_, i) => `s${i}.`).join(' ');
    const kept = sentences(numbered);
    expect(kept.slice(0, 2)).toEqual(['s0.', 's1.']);
    expect(kept.slice(2998, 3002)).toEqual(['s2998.', 's2999.', 's4000.', 's4001.']);
    expect(kept.at(-1)).toBe('s4999.');
    expect(new Set(kept).size).toBe(kept.length);
  });
  it('sentences and clauses: the Devanagari danda, the Arabic question mark, semicolon and comma', () => {
    expect(sentences('टेबल मत बनाओ। हमेशा हिंदी में लिखो।')).toEqual(['टेबल मत बनाओ।', 'हमेशा हिंदी में लिखो।']);
    expect(sentences('هل فهمت؟ لا تستخدم الجداول.')).toEqual(['هل فهمت؟', 'لا تستخدم الجداول.']);
    expect(clauses('بدون جداول، من فضلك')).toEqual(['بدون جداول', 'من فضلك']);
  });
  it.each([
    ['it', 'Il treno parte alle otto e mezza dal binario due. La riunione è martedì alle tre del pomeriggio.'],
    ['pl', 'Pociąg odjeżdża o ósmej z peronu drugiego. Spotkanie jest we wtorek o trzeciej po południu.'],
    ['tr', 'Tren sekizde ikinci perondan kalkıyor. Toplantı salı günü öğleden sonra üçte.'],
    ['vi', 'Tàu chạy lúc tám giờ từ sân ga số hai. Cuộc họp vào chiều thứ Ba lúc ba giờ.'],
    ['id', 'Kereta berangkat jam delapan dari peron dua. Rapat diadakan hari Selasa pukul tiga sore.'],
    ['ar', 'يصل القطار في الساعة الثامنة إلى الرصيف الثاني. الاجتماع يوم الثلاثاء الساعة الثالثة بعد الظهر.'],
    ['hi', 'ट्रेन आठ बजे प्लेटफ़ॉर्म दो से चलेगी। बैठक मंगलवार को दोपहर तीन बजे है।'],
  ])('a %s answer honours a rule to answer in %s, and an English one does not', (lang, text) => {
    const [rule] = detectPreferences(
      {
        it: 'Rispondi sempre in italiano.',
        pl: 'Odpowiadaj zawsze po polsku.',
        tr: 'Her zaman Türkçe cevap ver.',
        vi: 'Luôn trả lời bằng tiếng Việt.',
        id: 'Selalu jawab dalam bahasa Indonesia.',
        ar: 'أجب دائما باللغة العربية.',
        hi: 'हमेशा हिंदी में जवाब दो।',
      }[lang]!,
    );
    expect(rule.key).toBe(`language:${lang}`);
    expect(violates(rule, text)).toBeNull();
    expect(violates(rule, 'The train leaves at half past eight from platform two. The meeting is on Tuesday at three in the afternoon.')).toBe(
      'answered in English',
    );
  });
  it('sameLanguage: eld has Malay and no Indonesian, so an Indonesian rule accepts what it calls Malay', () => {
    expect(identifyLanguage('Mulai sekarang selalu jawab dalam bahasa Indonesia, ya. Terima kasih banyak!').lang).toBe('ms');
    expect(sameLanguage('id', 'ms')).toBe(true);
    expect(sameLanguage('id', 'en')).toBe(false);
  });
});

describe('the constraint grammar across languages', () => {
  const keys = (t: string) =>
    detectPreferences(t)
      .map((p) => p.key)
      .sort();
  it.each([
    ['Bitte verwende ab jetzt keine Emojis mehr.', ['emoji:none']],
    ['Réponds toujours en français, s’il te plaît.', ['language:fr']],
    ['Por favor, responde siempre en español y sin emojis.', ['emoji:none', 'language:es']],
    ['Respostas com no máximo 80 palavras.', ['length:max-80-words']],
    ['回答は200文字以内でお願いします。', ['length:max-200-chars']],
    ['ok so now, um, never use XML in your answers', ['format:no-xml']],
    ['Always cite your sources.', ['cite:required']],
    ['Never mention the competitor Acme in your answers.', ['forbid:acme']],
    ['Always call me Dr. Lee.', ['directive:dr lee']],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
  it.each([
    'Never say never.',
    "I'll always remember our camping trip.",
    'Ich benutze privat nie XML.',
    'Summarize this in bullets.',
    'Why do you always use tables?',
    'Translate this paragraph into German.',
  ])('not a standing constraint: %s', (text) => {
    expect(keys(text)).toEqual([]);
  });
  it('withdrawals and permissions end a constraint on their topic (polarity allow)', () => {
    for (const t of ['forget what I said about emoji', '现在可以用表格了', 'Vergiss, was ich über Emojis gesagt habe.', '絵文字の件は忘れてください。']) {
      const ps = detectPreferences(t);
      expect(ps.length).toBeGreaterThan(0);
      for (const p of ps) expect(p.polarity).toBe('allow');
    }
    expect(detectPreferences('never mind my earlier rules').map((p) => p.topic)).toEqual(['*']);
  });
  it('an open-class constraint has no checker', () => {
    const [p] = detectPreferences('Always call me Dr. Lee.');
    expect(p.checkable).toBe(false);
    expect(p.check({} as never, 'anything')).toBeNull();
  });
});
