import { describe, expect, it } from 'vitest';
import { clauseStance, stanceConflict, stanceTaken, stances } from './stance.js';

const conflict = (a: string, b: string) => stanceConflict(a, b) !== null;

describe('stance: what a clause affirms or denies', () => {
  it('a negation, a one-word opposite, and both together', () => {
    expect(clauseStance('The patient needs a wheelchair').denied).toBe(false);
    expect(clauseStance('The patient does not need a wheelchair').denied).toBe(true);
    expect(clauseStance('Antrag abgelehnt').denied).toBe(true);
    expect(clauseStance('Antrag nicht abgelehnt').denied).toBe(false);
    // "不要" is one word of need (denied), not a negation and a second "要"
    expect(clauseStance('ビザは不要').denied).toBe(true);
    expect([...clauseStance('ビザは不要').predicates]).toEqual(['need']);
    expect(clauseStance('不需要签证').denied).toBe(true);
  });

  it('clauses: split at punctuation and joining words, not inside a time; a clause of a predicate alone goes with the one before', () => {
    expect(stances('Arrives by car and needs a space.').map((s) => s.text)).toEqual(['Arrives by car', 'needs a space']);
    expect(stances('Meeting at 14:00 confirmed').map((s) => s.text)).toEqual(['Meeting at 14:00 confirmed']);
    expect(stances('报销申请到5000元，已批准').map((s) => [s.text, s.denied])).toEqual([['报销申请到5000元 已批准', false]]);
  });
});

describe('stance: two statements, one denying what the other affirms', () => {
  it('must flag, in several languages', () => {
    for (const [a, b] of [
      ['Deploying on Fridays is fine.', 'Never deploy on Fridays.'],
      ['A visa is required for the Japan trip.', 'No visa required for the Japan trip.'],
      ['Homeoffice am Freitag ist genehmigt.', 'Homeoffice am Freitag wurde abgelehnt.'],
      ['Le patient a besoin d’un fauteuil roulant.', 'Le patient n’a pas besoin de fauteuil roulant.'],
      ['El cliente necesita factura.', 'El cliente no necesita factura.'],
      ['报销申请已批准。', '报销申请被拒绝了。'],
      ['出張にはビザが必要。', '出張にビザは不要。'],
      ['반려동물 동반 허용.', '반려동물 동반 불가.'],
      ['Гостю нужна детская кроватка.', 'Детская кроватка не нужна.'],
      // one predicate, its affirmed and its denied form: Japanese okurigana, Korean endings
      ['蒼太さんはコーヒーを飲まない。', '蒼太さんはコーヒーを飲む。'],
      ['민재 님은 커피를 마시지 않는다.', '민재 님은 커피를 마신다.'],
      ['하린 님은 고기를 먹지 않습니다.', '하린 님은 고기를 먹습니다.'],
      // a liking and its opposite, not in one template
      ['Ana loves sushi.', 'Ana does not like sushi any more.'],
      ['用户很喜欢吃辣。', '用户现在讨厌吃辣。'],
      ['ユーザーは納豆が大好き。', 'ユーザーは納豆が苦手。'],
    ])
      expect(conflict(a, b), `${a} / ${b}`).toBe(true);
  });

  it('must not flag: other things, the same stance again, a denial of something else', () => {
    for (const [a, b] of [
      // the same predicate about two things
      ["Guest doesn't need breakfast.", 'Guest needs a parking space.'],
      ['Visum nötig für Indien.', 'Kein Visum nötig für Japan.'],
      ['报销申请已批准。', '休假申请被拒绝了。'],
      // a value and its later confirmation
      ['Deploying on Fridays is fine.', 'Deploying on Fridays is fine, confirmed again by Ana.'],
      ['出張にビザは不要。', '出張にビザは不要（再確認済み）。'],
      // two likings, one denied: each about its own thing
      ['User likes tea.', 'User does not like coffee.'],
      ['User likes tea.', 'User likes coffee.'],
      ['Ana loves sushi.', 'Ana hates waiting in line.'],
      // a denial of another clause
      ['Le patient n’a pas besoin de fauteuil roulant.', 'Le patient n’a plus de fièvre.'],
      ['El cliente necesita factura.', 'El cliente no necesita ticket.'],
      // one stem, two objects
      ['민재 님은 커피를 마시지 않는다.', '민재 님은 녹차를 마신다.'],
      ['蒼太さんはコーヒーを飲まない。', '蒼太さんは紅茶を飲む。'],
    ])
      expect(conflict(a, b), `${a} / ${b}`).toBe(false);
  });

  it('which one an answer takes: the stance of the clauses that speak of what both share, else none', () => {
    const c = stanceConflict('A visa is required for the Japan trip.', 'No visa required for the Japan trip.')!;
    expect(stanceTaken('Please bring your visa for the Japan trip.', c)).toBe('first');
    expect(stanceTaken('You do not need a visa for the Japan trip.', c)).toBe('second');
    expect(stanceTaken('Your flight leaves at 9 from Frankfurt.', c)).toBeNull();
    const zh = stanceConflict('报销申请已批准。', '报销申请被拒绝了。')!;
    expect(stanceTaken('您的报销申请已经批准，款项下周到账。', zh)).toBe('first');
    expect(stanceTaken('很抱歉，报销申请没有通过。', zh)).toBe('second');
  });
});
