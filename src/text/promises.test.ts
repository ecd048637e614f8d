import { describe, expect, it } from 'vitest';
import { findSavePromise, isSavePromise } from './promises.js';

describe('findSavePromise: promises (English)', () => {
  const cases: [string, string][] = [
    ["Sure! I've saved that.", "I've saved"],
    ['I have stored your preference for bullet lists.', 'I have stored'],
    ["Got it. I'll remember that you prefer metric units.", "I'll remember"],
    ['I will remember to answer in French from now on.', 'I will remember'],
    ['Noted, saved to memory.', 'saved to memory'],
    ['Memory updated.', 'Memory updated'],
    ['Got it — memory saved. I will use lists from now on.', 'memory saved'],
    ['Your preference has been saved.', 'has been saved'],
    ["I've added your allergy to my memory.", "I've added your allergy to my memory"],
    ['Saved!', 'Saved!'],
    ["OK, I'm going to note that your deadline is Friday.", "I'm going to note"],
    ['I’ve noted that you live in Berlin.', 'I’ve noted'],
  ];
  for (const [text, phrase] of cases) {
    it(text, () => {
      const p = findSavePromise(text);
      expect(p?.lang).toBe('en');
      expect(text.toLowerCase()).toContain(p!.phrase.toLowerCase());
      // the phrase found overlaps the words that make the promise
      const want = phrase.toLowerCase().replace(/[’!.]/g, '');
      expect(
        want.includes(p!.phrase.toLowerCase().replace(/[’!.]/g, '')) ||
          p!.phrase.toLowerCase().replace(/’/g, "'").includes(want.replace(/’/g, "'").split(' ').slice(-1)[0]),
      ).toBe(true);
    });
  }
});

describe('findSavePromise: promises (Chinese)', () => {
  const cases: [string, string][] = [
    ['好的，我已经记住你的偏好设置了。', '已经记住'],
    ['明白，记住了！', '记住了'],
    ['已保存。', '已保存'],
    ['好的，已记录你的过敏信息。', '已记录'],
    ['没问题，我会记住的。', '我会记住'],
    ['我已经为你保存了这个设置', '已经为你保存'],
    ['好的，以后会记得用中文回答', '以后会记得'],
    ['收到，记忆已更新。', '记忆已更新'],
    ['好的，帮你记下了。', '记下了'],
    ['偏好已写入长期记忆。', '已写入长期记忆'],
  ];
  for (const [text, phrase] of cases) {
    it(text, () => {
      const p = findSavePromise(text);
      expect(p?.lang).toBe('zh-Hans');
      expect(`${p!.phrase}${text}`).toContain(phrase.slice(-2));
    });
  }
});

describe('findSavePromise: not promises', () => {
  const texts = [
    "I haven't saved that yet.",
    'I have not saved anything.',
    "Sorry, I couldn't save that to memory.",
    'It was not saved to memory because the store was down.',
    'Should I remember that?',
    'Do you want me to save this preference',
    "If you'd like, I'll remember that.",
    'Would you like me to store it in memory?',
    "I've saved the report to report.md.",
    "I've saved the file in your Downloads folder.",
    'Remember to drink water.',
    'I remember you mentioned Berlin.',
    '我没有保存这条信息。',
    '要我记住吗？',
    '需要我帮你记住这个偏好吗',
    '抱歉，还没记录下来。',
    '保存失败了，请稍后再试。',
    '请记住，明天要交报告。',
    '文件已保存到桌面。',
    '如果你愿意，我会记住这个设置。',
    '你还记得我上次说的吗？',
    'Here is the table you asked for.',
    "I've updated the code as requested.",
    '我已更新了代码。',
    "I've added a table below.",
    '',
  ];
  for (const t of texts) {
    it(JSON.stringify(t), () => {
      expect(findSavePromise(t)).toBeNull();
      expect(isSavePromise(t)).toBe(false);
    });
  }
});

describe('findSavePromise: sentence handling', () => {
  it('finds the promise in a later sentence after a question', () => {
    const p = findSavePromise('Want lists? Fine. I have saved that preference.');
    expect(p?.sentence).toBe('I have saved that preference.');
  });
  it('a negated first sentence does not hide a promise in the second', () => {
    const p = findSavePromise('我之前没有保存。现在已经保存好了。');
    expect(p?.lang).toBe('zh-Hans');
    expect(p?.sentence).toBe('现在已经保存好了。');
  });
  it('handles mixed Chinese and English', () => {
    expect(findSavePromise('OK 好的，memory updated。')?.phrase).toBe('memory updated');
  });
});

describe('findSavePromise: other languages', () => {
  it.each([
    ['Verstanden, ich merke mir das.', 'de'],
    ['Alles klar, habe ich mir gemerkt!', 'de'],
    ["C'est noté, je m'en souviendrai.", 'fr'],
    ["D'accord, j'ai enregistré ta préférence dans ma mémoire.", 'fr'],
    ['Entendido, lo recordaré.', 'es'],
    ['Listo, lo he guardado en memoria.', 'es'],
    ['Combinado, vou lembrar disso.', 'pt'],
    ['Pronto, salvei na memória.', 'pt'],
    ['承知しました。覚えておきます。', 'ja'],
    ['好的，記住了。', 'zh-Hant'],
  ])('%s', (text, lang) => {
    expect(findSavePromise(text)?.lang).toBe(lang);
  });
  it.each([
    'Soll ich mir das merken?',
    'Ich konnte das leider nicht speichern.',
    'Voulez-vous que je m’en souvienne ?',
    "Je n'ai pas pu l'enregistrer.",
    '¿Quieres que lo recuerde?',
    'No pude guardarlo, lo siento.',
    'Não consegui salvar isso.',
    '覚えておきましょうか？',
    '保存できませんでした。',
    'ファイルを保存しました。',
    "I'll always remember our camping trip.",
    'Nunca olvidaré nuestro viaje a Cuzco.',
    'Ich werde unseren Urlaub nie vergessen.',
  ])('not a promise: %s', (text) => {
    expect(findSavePromise(text)).toBeNull();
  });
});

describe('the promise prefilter passes over sentences without a cue, never a promise', () => {
  it('a promise built from a first person and a past save far apart in the sentence is still found', () => {
    expect(findSavePromise('Ich habe mir das gemerkt.')?.lang).toBe('de');
    expect(findSavePromise("I've noted that you prefer tea.")?.phrase.toLowerCase()).toContain('noted');
    expect(findSavePromise('Added your allergy to my memory.')).not.toBeNull();
  });
  it('prose with "I" and no save word is not a promise', () => {
    expect(findSavePromise('I think we should go to Rome in the spring, and I love the food there.')).toBeNull();
  });
});

describe('a file saved is no memory, in any language', () => {
  it.each([
    'Ich habe die Notizen in notizen.txt gespeichert.',
    'He guardado el informe en informe.pdf.',
    '已經把報告存到資料夾裡了。',
    '报告已保存到资料夹里。',
    'I saved it to ./notes/todo.md for you.',
  ])('not a promise: %s', (text) => {
    expect(findSavePromise(text)).toBeNull();
  });
  it.each(['기억을 업데이트해 두었어요.', '메모리 업데이트 완료했어요.', 'Ich habe mir das in meinem Gedächtnis gespeichert.', '已存入記憶。'])(
    'a promise: %s',
    (text) => {
      expect(findSavePromise(text)).not.toBeNull();
    },
  );
});

describe('a file saved under a folder path is no memory (blind6 file-saved-not-memory)', () => {
  it.each([
    'He guardado el certificado en clients/lucia/coco-rabia-2026.pdf.',
    "J'ai enregistré le certificat dans clients/julie/filou-rage-2026.pdf.",
    '증명서를 clients/jieun/kongi-rabies-2026.pdf에 저장했어요.',
    'Salvei o atestado em clients/bia/pipoca-antirrabica-2026.pdf.',
    'Я сохранил справку в clients/olya/botsman-beshenstvo-2026.pdf.',
    '疫苗证明已保存到 clients/xiaolin/doudou-rabies-2026.pdf。',
    '疫苗證明已存到 clients/xiaofang/mochi-rabies-2026.pdf。',
    '証明書を clients/tanaka/coco-rabies-2026.pdf に保存しました。',
    "I've saved the export to exports/2026/q3/sales.csv.",
  ])('not a promise: %s', (text) => {
    expect(findSavePromise(text)).toBeNull();
  });
  it.each([
    // the same verbs with no file: memory promises
    ['He guardado que Coco es alérgico al pollo.', 'es'],
    ["J'ai enregistré que Filou a peur des vélos.", 'fr'],
    ['콩이가 닭고기 알레르기가 있다는 걸 저장했어요.', 'ko'],
    ['Salvei que a Pipoca tem medo de motos.', 'pt'],
    ['Я сохранил в памяти, что Боцман боится велосипедов.', 'ru'],
    ['豆豆对鸡肉过敏，已保存。', 'zh-Hans'],
    // a memory word wins over a path named in the same sentence
    ['He guardado en mi memoria que tus informes van en docs/2026/informe.pdf.', 'es'],
    ['메모리에 저장했어요: 보고서는 docs/2026/report.pdf에 두세요.', 'ko'],
  ])('a promise: %s', (text, lang) => {
    expect(findSavePromise(text)?.lang).toBe(lang);
  });
  it('a name that only looks like a file is no file: "v2.pdfx", "see e.g. this"', () => {
    expect(findSavePromise('He guardado la versión v2.pdfx de tu preferencia.')).not.toBeNull();
  });
});
