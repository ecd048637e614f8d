import { describe, expect, it } from 'vitest';
import { coverage, sameWord, shareWord, tokens, tokenSet } from './relevance.js';
import { Bm25 } from './bm25.js';

describe('relevance tokens', () => {
  it('drops stop words of every supported language and boilerplate', () => {
    expect(tokens("The user's dog is named Pepper")).toEqual(['dog', 'nam', 'pepper']);
    expect(tokens('Mi perro se llama Pepper y vive en la casa de mi madre')).not.toContain('la');
    expect(tokens('Mi perro se llama Pepper y vive en la casa de mi madre')).not.toContain('de');
    expect(tokens('Der Nutzer bevorzugt vegetarisches Essen')).toEqual(['vegeta', 'essen']);
    expect(tokens("L'utilisateur préfère les réponses courtes")).toEqual(['repons', 'court']);
  });
  it('drops the function words of the languages added with their lexicons, and keeps English words and names their short words spell', () => {
    expect(tokens('Il cane della nonna si chiama Pepper')).not.toContain('della');
    expect(tokens('Pies mojej babci nazywa się Pepper')).not.toContain('się');
    expect(tokens('Собака бабушки живёт в деревне и любит кашу')).toEqual(['собака', 'бабушки', 'живёт', 'деревне', 'любит', 'кашу']);
    expect(tokens('كلب جدتي اسمه بيبر وهو يحب الجزر')).not.toContain('وهو');
    expect(tokens('दादी के कुत्ते का नाम पेपर है')).not.toContain('के');
    expect(tokens('Anjing nenek saya bernama Pepper dan suka wortel')).not.toContain('saya');
    expect(tokens('Ada keeps agar plates in the pods')).toEqual(expect.arrayContaining(['ada', 'agar', 'pod']));
    expect(tokens('The pho place is nice')).toEqual(expect.arrayContaining(['pho', 'nic']));
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
  it("keeps English words that are stop words only in another language, and those languages' own function words out", () => {
    expect(tokens('User drives a car to work')).toContain('car');
    expect(tokens('a red hat by the sea')).toEqual(['red', 'hat', 'sea']);
    expect(tokens('Die Katze war im Haus')).not.toContain('die');
    expect(tokens('Die Katze war im Haus')).not.toContain('war');
  });
  it('NFKC: full-width Latin meets ASCII', () => {
    expect(tokens('ＰＥＰＰＥＲ')).toEqual(['pepper']);
  });
});

describe("relevance token sets (the engine's memory terms)", () => {
  it('keep the topic of a memory and drop its boilerplate, in English and Chinese', () => {
    expect([...tokenSet('The user prefers lists, not tables.')].sort()).toEqual(['list', 'tabl']);
    expect([...tokenSet('What does the user prefer for dinner?')]).toEqual(['dinner']);
    expect([...tokenSet('用户偏好列表而非表格')].sort()).toEqual(['列表', '表格'].sort());
    // a word of function characters only carries no topic
    expect([...tokenSet('我的套餐')]).toEqual(['套餐']);
    // ...but 比较 ("compare") is a topic, though 比 and 较 are each on the stop list
    expect(tokenSet('帮我比较一下套餐').has('比较')).toBe(true);
    expect([...tokenSet('部署到staging环境')].sort()).toEqual(['stag', '环境', '部署'].sort());
  });
  it('a question meets the memory it is about, in either language, and not an unrelated one', () => {
    const mem = tokenSet('User prefers lists, not tables');
    expect(coverage(mem, tokenSet('Compare the three pricing plans, formatted as a table or list?'))).toBe(1);
    expect(coverage(mem, tokenSet('What is the weather in Paris tomorrow?'))).toBe(0);
    expect(coverage(tokenSet('用户偏好列表而非表格'), tokenSet('对比三个套餐，用表格还是列表？'))).toBe(1);
    expect(coverage(tokenSet('用户偏好列表而非表格'), tokenSet('明天巴黎天气怎么样'))).toBe(0);
  });
  it('gives nothing for an empty or punctuation-only text, and coverage of nothing is 0', () => {
    expect(tokenSet('').size).toBe(0);
    expect(tokenSet('?!… ，。').size).toBe(0);
    expect(coverage(new Set(), tokenSet('list'))).toBe(0);
    expect(coverage(tokenSet('deploy window Friday'), tokenSet('Notes: the deploy window is Friday 18:00'))).toBe(1);
    expect(coverage(tokenSet('deploy window Friday'), tokenSet('deploy on Monday'))).toBeCloseTo(1 / 3);
  });
});

describe('one word in two inflections', () => {
  it('meets a case or number ending of one or two letters on a stem of five or more', () => {
    expect(sameWord('стекольщик', 'стекольщика')).toBe(true);
    expect(sameWord('сантехником', 'сантехник')).toBe(true);
    expect(shareWord(tokenSet('Придёт сантехник.'), tokenSet('Визит сантехника был вчера.'))).toBe(true);
  });

  it('not a short word, a longer ending, or another word', () => {
    expect(sameWord('кот', 'кота')).toBe(false);
    expect(sameWord('стекло', 'стекольщик')).toBe(false);
    expect(sameWord('сантехник', 'сантехниками')).toBe(false);
    expect(shareWord(tokenSet('Придёт сантехник.'), tokenSet('Визит электрика был вчера.'))).toBe(false);
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
