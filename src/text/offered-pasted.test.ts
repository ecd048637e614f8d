import { describe, expect, it } from 'vitest';
import { asksForTopic, detectPreferences } from './index.js';

const keys = (text: string) =>
  detectPreferences(text)
    .map((p) => p.key)
    .sort();

describe('a permission of the alternative a rule offers does not lift the rule', () => {
  it.each([
    ['One rule for this chat: never use tables in your answers. Plain sentences or a short list are fine.', ['format:lists-not-tables']],
    ['回答では絶対に表を使わないでください。普通の文か短い箇条書きなら大丈夫です。', ['format:lists-not-tables']],
    ['回答里永远不要用表格，用普通句子或者简单的列表就行。', ['format:lists-not-tables']],
  ])('the ban stays, alone: %s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
  it.each([
    // on its own, or beside a rule on another subject, "lists are fine" still lifts
    ['Lists are fine again.', ['format:tables']],
    ['No emoji, please. Lists are fine again.', ['emoji:none', 'format:tables']],
    ['列表又可以用了。', ['format:tables']],
  ])('a permission said on its own is still one: %s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
});

describe('a polite word after a fragment that names its subject does not glue the reason to it', () => {
  it.each([
    ['E só lembrando: continua sem tabela, por favor, por causa do leitor de tela.', ['format:lists-not-tables']],
    ['Y recuerda: sigue sin tablas, por favor, por el lector de pantalla.', ['format:lists-not-tables']],
    ['No tables, please, my screen reader garbles them.', ['format:lists-not-tables']],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
  it.each([
    // a verb cut from its object by the polite word is still read as one clause
    ['Не используй, пожалуйста, восклицательные знаки.', ['tone:no-exclamation']],
    ["Don't use, please, any emoji.", ['emoji:none']],
    // a reason with no rule in it states nothing
    ['Por favor, por el lector de pantalla, ¿me repites el total?', []],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
});

describe('"as it came" about the user\'s own paste asks for nothing as it is', () => {
  it.each([
    ['Te pego la información fiscal de mi banco tal como me llegó. ¿Qué tengo que poner y dónde?'],
    ['这是券商发给我的全年明细，原样贴过来了。这些我应该怎么填？'],
    ['Вот годовой отчёт брокера, вставляю как есть. Что мне куда вписывать?'],
    ['증권사에서 온 내역을 받은 그대로 붙였어요. 뭘 어디에 적으면 돼요?'],
  ])('no request: %s', (text) => {
    expect(asksForTopic(text, 'table')).toBe(false);
  });
  it.each([['Pega la tabla tal cual, por favor.'], ['请把工具返回的结果原样贴出来。'], ['Вставь результат как есть.'], ['결과를 그대로 붙여 주세요.']])(
    'a request for the output as it is: %s',
    (text) => {
      expect(asksForTopic(text, 'table')).toBe(true);
    },
  );
});

describe('Japanese 項目 (an item, a field) is no list', () => {
  it.each([
    ['ではTGHU7317896をお願いします。さっきと同じ項目で。', []],
    ['この項目も確認してください。', []],
    ['今後は回答を箇条書きにしてください。', ['format:lists-not-tables']],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
});
