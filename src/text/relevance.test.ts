import { describe, expect, it } from 'vitest';
import { tokens } from './tokenize-basic.js';
import { Bm25 } from './bm25.js';

describe('tokenize-basic', () => {
  it('drops stop words of every supported language and boilerplate', () => {
    expect(tokens("The user's dog is named Pepper")).toEqual(['dog', 'nam', 'pepper']);
    expect(tokens('Mi perro se llama Pepper y vive en la casa de mi madre')).not.toContain('la');
    expect(tokens('Mi perro se llama Pepper y vive en la casa de mi madre')).not.toContain('de');
    expect(tokens('Der Nutzer bevorzugt vegetarisches Essen')).toEqual(['vegeta', 'essen']);
    expect(tokens("L'utilisateur préfère les réponses courtes")).toEqual(['repons', 'court']);
  });
  it('segments Chinese and Japanese, with bigrams inside long Han words', () => {
    expect(tokens('用户喜欢喝乌龙茶，不要咖啡')).toEqual(expect.arrayContaining(['乌龙', '咖啡']));
    expect(tokens('说说兰马和川龙')).toEqual(['兰马', '川龙']);
    expect(tokens('alergia')).toEqual(tokens('alérgico'));
    expect(tokens('用户喜欢喝乌龙茶')).not.toContain('用户');
    expect(tokens('ユーザーは毎朝コーヒーを飲みます')).toContain('コーヒー');
  });
  it('keeps content words a web-search stop list drops, and stems English inflections alike', () => {
    expect(tokens('my home address, order number, 5 km')).toEqual(['hom', 'addres', 'order', 'number', 'km']);
    expect(tokens('shipping translations')).toEqual(tokens('ship translate'));
    expect(tokens('What is my dog named?')).toEqual(tokens('dog name'));
  });
  it('NFKC: full-width Latin meets ASCII', () => {
    expect(tokens('ＰＥＰＰＥＲ')).toEqual(['pepper']);
  });
});

describe('bm25', () => {
  it('ranks the document sharing rarer terms higher and reports shared tokens', () => {
    const b = new Bm25();
    b.set('dog', tokens('The user has a dog named Pepper'));
    b.set('steak', tokens('The user loves pepper steak with fries'));
    b.set('tea', tokens('The user drinks oolong tea'));
    const q = tokens('What is my dog Pepper allowed to eat?');
    const dog = b.score(q, 'dog');
    const steak = b.score(q, 'steak');
    expect(dog.shared).toEqual(['dog', 'pepper']);
    expect(steak.shared).toEqual(['pepper']);
    expect(dog.score).toBeGreaterThan(steak.score);
    expect(b.score(q, 'tea').score).toBe(0);
    expect([...b.candidates(q)].sort()).toEqual(['dog', 'steak']);
  });
  it('replacing a document updates document frequencies', () => {
    const b = new Bm25();
    b.set('a', ['x', 'y']);
    b.set('b', ['x']);
    const before = b.idf('x');
    b.set('b', ['z']);
    expect(b.idf('x')).toBeGreaterThan(before);
    expect(b.size).toBe(2);
  });
});
