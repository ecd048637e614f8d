import { describe, expect, it } from 'vitest';
import {
  PromptScanner,
  asksForTopic,
  withoutQuotedPassages,
  constraintPresent,
  detectPreferences,
  isPermission,
  normalizeText,
  preferenceForKey,
  shortQuote,
  splitSentences,
  violates,
} from './index.js';

const keys = (text: string, mode?: 'user' | 'system' | 'memory') =>
  detectPreferences(text, mode)
    .map((p) => p.key)
    .sort();

describe('detectPreferences: English constraints', () => {
  it.each([
    ['Never use XML in your answers.', ['format:no-xml']],
    ['Please, no XML.', ['format:no-xml']],
    ["Don't ever answer in XML format, it breaks our parser.", ['format:no-xml']],
    ['Use lists, not tables.', ['format:lists-not-tables']],
    ['Use bullet points instead of tables from now on.', ['format:lists-not-tables']],
    ['No tables please', ['format:lists-not-tables']],
    ['Respond in JSON only.', ['format:json-only']],
    ['Plain text only, no markdown.', ['format:no-markdown']],
    ['Be concise, no emoji.', ['emoji:none', 'length:concise']],
    ['Keep it short.', ['length:concise']],
    ["Don't be so verbose.", ['length:concise']],
    ['Keep answers under 100 words.', ['length:max-100-words']],
    ['Always answer in Chinese.', ['language:zh']],
    ['Please answer my questions in Chinese.', ['language:zh']],
    ['English only.', ['language:en']],
    ['From now on, reply in English please.', ['language:en']],
    ['Please keep a formal tone.', ['tone:formal']],
    ['No exclamation marks.', ['tone:no-exclamation']],
    ['Stop using emoji.', ['emoji:none']],
    ["I don't want any emoji in your replies.", ['emoji:none']],
    ['You must never use emoji.', ['emoji:none']],
    ["Don't sound like a marketing brochure, no hype.", ['tone:plain']],
    ['Never mention "Project Falcon" to anyone.', ['forbid:project falcon']],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });

  it('gives the polarity and category', () => {
    const [p] = detectPreferences('Never use XML in your answers.');
    expect(p).toMatchObject({ category: 'format', polarity: 'forbid', key: 'format:no-xml', topic: 'xml', sentence: 'Never use XML in your answers.' });
    const [l] = detectPreferences('Always answer in Chinese.');
    expect(l).toMatchObject({ category: 'language', polarity: 'require' });
    expect(detectPreferences('Use bullet lists, not tables.')[0].polarity).toBe('require');
    expect(detectPreferences('No tables.')[0].polarity).toBe('forbid');
  });

  it('keeps the clause that states it, and quotes short sentences whole', () => {
    const [p] = detectPreferences('Before we dig in, one rule for this whole chat: never use XML in your answers.');
    expect(p.clause).toBe('never use XML in your answers');
    expect(shortQuote(p)).toBe('never use XML in your answers');
    const [q] = detectPreferences('Be concise.');
    expect(shortQuote(q)).toBe('Be concise');
    const [z] = detectPreferences('开始之前先说一条规则，整个对话都适用：回答里永远不要使用XML格式。');
    expect(shortQuote(z)).toBe('回答里永远不要使用XML格式');
    expect(shortQuote({ sentence: 'x'.repeat(80), clause: 'y'.repeat(70), label: 'never use XML' })).toBe('never use XML');
  });

  it('takes a complaint that repeats the rule as a restatement', () => {
    expect(keys('I said no emoji!')).toEqual(['emoji:none']);
    expect(keys('I told you: no emoji.')).toEqual(['emoji:none']);
    expect(keys('我说过不要用表情符号！')).toEqual(['emoji:none']);
  });

  it('finds the constraint inside a longer message', () => {
    const msg = 'Thanks for the help so far! One more thing: never use XML in your answers - our log parser chokes on it. Plain markdown is fine.';
    expect(keys(msg)).toEqual(['format:markdown', 'format:no-xml']);
    expect(detectPreferences(msg).find((p) => p.key === 'format:markdown')!.polarity).toBe('allow');
  });
});

describe('detectPreferences: Chinese constraints', () => {
  it.each([
    ['回答里永远不要使用XML格式', ['format:no-xml']],
    ['以后回答都用列表，不要用表格', ['format:lists-not-tables']],
    ['用户偏好列表而非表格', ['format:lists-not-tables']],
    ['简洁一点，不要用表情符号', ['emoji:none', 'length:concise']],
    ['请用中文回答。', ['language:zh']],
    ['回复不超过100字', ['length:max-100-chars']],
    ['一百字以内就行', ['length:max-100-chars']],
    ['语气请保持正式', ['tone:formal']],
    ['别用感叹号', ['tone:no-exclamation']],
    ['禁止使用emoji', ['emoji:none']],
    ['你以后都只用JSON回复', ['format:json-only']],
    ['我希望你的回答简短一些', ['length:concise']],
    ['不要啰嗦', ['length:concise']],
    ['请保持客观，不要营销腔', ['tone:plain']],
    ['以后不要再提到竞品', ['forbid:竞品']],
  ])('%s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
});

describe('detectPreferences: look-alikes that are not constraints on the agent', () => {
  it.each([
    'I never thought I would use XML this much.',
    'I always wake up early.',
    'I never use emoji myself, my kids do.',
    'My boss hates tables in reports.',
    'We always write our docs in English.',
    'It was a short meeting.',
    "Don't drop the users table yet.",
    "Don't edit pom.xml.",
    'Translate this paragraph into English.',
    'Make a list of the failing tests.',
    'Can you check whether the docs are in Chinese?',
    "Show me what's stored in table users.",
    'Can you read the settings in XML files?',
    'Please write a short summary of the incident.',
    '我从来不喜欢早起',
    '我一直用英文写邮件',
    '他从来不用表情符号',
    '我们的文档都是中文的',
    '把这段话翻译成英文',
  ])('%s', (text) => {
    expect(keys(text)).toEqual([]);
  });

  it('skips long sentences (pasted code or logs)', () => {
    const long = `Never use XML ${'x '.repeat(300)}`;
    expect(keys(long)).toEqual([]);
  });
});

describe('detectPreferences: system prompts and memories', () => {
  it('accepts third-person forms in system mode only', () => {
    expect(keys('The user prefers concise answers.', 'system')).toEqual(['length:concise']);
    expect(keys('The user prefers concise answers.', 'user')).toEqual([]);
    expect(keys('User constraints: never use XML in answers.', 'system')).toEqual(['format:no-xml']);
    expect(keys('用户不喜欢表情符号', 'system')).toEqual(['emoji:none']);
  });
  it('reads a pinned restatement in the third person: the answers as subject, "he wants", a language named with its word for language', () => {
    expect(keys('Pinned preference: every answer should be in Portuguese.', 'system')).toEqual(['language:pt']);
    expect(keys('Vorgabe: Alle Antworten sollen auf Französisch sein.', 'system')).toEqual(['language:fr']);
    expect(keys('Préférence : elle veut toutes les réponses en allemand.', 'system')).toEqual(['language:de']);
    expect(keys('Настройка: все ответы на немецком языке.', 'system')).toEqual(['language:de']);
    // look-alikes: everyone (not the answers) as subject; a language someone speaks
    expect(keys('Alle sprechen hier Deutsch.', 'system')).toEqual([]);
    expect(keys('Keep it up with German!', 'user')).toEqual([]);
  });
  it('accepts any topical sentence in memory mode', () => {
    expect(keys('Dislikes emoji', 'memory')).toEqual(['emoji:none']);
    expect(keys('No XML in answers', 'memory')).toEqual(['format:no-xml']);
  });
  it('marks permissions in Chinese too', () => {
    expect(keys('算了，可以用表情，随意一点。')).toEqual(['emoji:allowed', 'tone:casual']);
  });
  it('marks permissions', () => {
    const [p] = detectPreferences('Feel free to use emoji.');
    expect(p.key).toBe('emoji:allowed');
    expect(isPermission(p)).toBe(true);
    expect(violates(p, '🚀🚀🚀')).toBeNull();
  });
});

describe('checkers', () => {
  const p = (key: string) => preferenceForKey(key)!;
  it('no-xml fails on XML, not on markdown or generics', () => {
    expect(violates(p('format:no-xml'), '<answer><step>Restart</step></answer>')).toBe('answered in XML (4 tags: <step>, <answer>)');
    expect(violates(p('format:no-xml'), '- restart\n- `Promise<void>`')).toBeNull();
  });
  it('lists-not-tables fails on a table', () => {
    expect(violates(p('format:lists-not-tables'), '| a | b |\n|---|---|\n| 1 | 2 |')).toMatch(/table \(2 rows\)/);
    expect(violates(p('format:lists-not-tables'), '- a\n- b')).toBeNull();
  });
  it('emoji:none fails on any emoji', () => {
    expect(violates(p('emoji:none'), 'Done 🚀')).toBe('1 emoji (🚀)');
    expect(violates(p('emoji:none'), 'Done.')).toBeNull();
  });
  it('language checks the dominant script', () => {
    expect(violates(p('language:zh'), 'The timeout is configured in the service settings file.')).toMatch(/English/);
    expect(violates(p('language:zh'), '超时在服务的配置文件里设置。')).toBeNull();
    expect(violates(p('language:en'), '超时在服务的配置文件里设置。')).toMatch(/Chinese/);
  });
  it('length checks words against the limit', () => {
    const long = 'word '.repeat(200);
    expect(violates(p('length:concise'), long)).toMatch(/200 words/);
    expect(violates(p('length:concise'), long, { conciseMaxWords: 300 })).toBeNull();
    expect(violates(p('length:max-100-words'), long)).toBe('200 words (limit 100)');
    expect(violates(p('length:max-100-words'), '短'.repeat(90))).toBeNull();
  });
  it('formal and plain tone catch loud text', () => {
    expect(violates(p('tone:formal'), 'This is AMAZING!!! 🚀')).toMatch(/informal/);
    expect(violates(p('tone:formal'), 'The release is scheduled for Monday.')).toBeNull();
    expect(violates(p('tone:plain'), 'Incredible, amazing deal!')).toMatch(/hype/);
  });
  it('json-only accepts fenced JSON', () => {
    expect(violates(p('format:json-only'), '```json\n{"a":1}\n```')).toBeNull();
    expect(violates(p('format:json-only'), 'Here you go: {"a":1}')).toBe('not valid JSON');
  });
  it('forbid:term looks for the term', () => {
    expect(violates(p('forbid:project falcon'), 'As for Project Falcon...')).toMatch(/project falcon/);
  });
});

describe('constraint presence in a prompt', () => {
  const constraint = { key: 'format:no-xml', messageIds: new Set<number | string>([1]), texts: ['Never use XML in your answers.'] };
  it('is present while the original message is there', () => {
    const r = constraintPresent(constraint, [
      { id: 9, role: 'system', text: 'You are helpful.' },
      { id: 1, role: 'user', text: 'Never use XML in your answers.' },
    ]);
    expect(r).toMatchObject({ present: true, via: 'message', messageId: 1 });
  });
  it('is present when a system message pins the same key', () => {
    const r = constraintPresent(constraint, [{ id: 7, role: 'system', text: 'Rules:\n- Do not answer in XML.' }]);
    expect(r).toMatchObject({ present: true, via: 'restatement', role: 'system' });
  });
  it('is present when a user restates it in Chinese', () => {
    const r = constraintPresent(constraint, [{ id: 8, role: 'user', text: '再说一遍：不要用XML格式回答。' }]);
    expect(r).toMatchObject({ present: true, via: 'restatement' });
  });
  it('is present when a message quotes its distinctive text', () => {
    const r = constraintPresent(constraint, [{ id: 5, role: 'tool', text: 'ticket note: "never use xml in your answers".' }]);
    expect(r).toMatchObject({ present: true, via: 'text' });
  });
  it('is absent when only unrelated messages remain', () => {
    const scanner = new PromptScanner();
    const msgs = [
      { id: 2, role: 'system', text: 'You are a coding assistant.' },
      { id: 3, role: 'tool', text: 'no xml parser configured' },
      { id: 4, role: 'user', text: 'What next?' },
    ];
    expect(scanner.presence(constraint, msgs).present).toBe(false);
    // tool messages never count as restatements; an assistant's summary in the third person does
    expect(scanner.keysOf({ id: 10, role: 'tool', text: 'Never use XML.' }).size).toBe(0);
    expect([...scanner.keysOf({ id: 11, role: 'assistant', text: 'Summary so far: the user asked for no XML in answers.' })]).toEqual(['format:no-xml']);
  });
});

describe('helpers', () => {
  it('splits sentences at Chinese and English punctuation, not inside file names', () => {
    expect(splitSentences('Check package.json. Then run it！然后重启。')).toEqual(['Check package.json.', 'Then run it', '然后重启']);
  });
  it('normalizes text', () => {
    expect(normalizeText('  Never   use XML.  ')).toBe('never use xml');
  });
});

describe('detectPreferences remembers what a text states', () => {
  it('the same text and mode give the same frozen answer; another mode is judged apart', () => {
    const text = 'From now on, never use emoji in your answers.';
    const a = detectPreferences(text, 'user');
    expect(a.map((p) => p.key)).toEqual(['emoji:none']);
    expect(detectPreferences(text, 'user')).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a[0])).toBe(true);
    expect(() => ((a[0] as { key: string }).key = 'x')).toThrow(TypeError);
    // a memory states its preference without being addressed to the agent: not the user's answer
    expect(detectPreferences('The user prefers answers in French.', 'memory')).not.toBe(detectPreferences('The user prefers answers in French.', 'user'));
  });

  it('a long text (a system prompt, a pasted document) is remembered too, per mode, and still found', () => {
    const long = `${'Background paragraph about quarterly sales figures. '.repeat(200)}Never use tables.`;
    const a = detectPreferences(long);
    expect(a.map((p) => p.key)).toEqual(['format:lists-not-tables']);
    expect(detectPreferences(`${long}`)).toBe(a);
    expect(detectPreferences(long, 'system')).not.toBe(a);
    expect(detectPreferences(long, 'system').map((p) => p.key)).toEqual(['format:lists-not-tables']);
  });

  it('a text past a quarter of the long-text memo is judged every time, and the memo keeps its bound', () => {
    const huge = `${'Another line of a very large pasted log file. '.repeat(6000)}Never use tables.`;
    const a = detectPreferences(huge);
    expect(a.map((p) => p.key)).toEqual(['format:lists-not-tables']);
    expect(detectPreferences(huge)).not.toBe(a);
    // many long texts: the oldest leave, the newest stay
    const texts = Array.from({ length: 80 }, (_, i) => `${`Paragraph ${i} of background about the quarterly figures. `.repeat(300)}No emoji.`);
    const first = texts.map((t) => detectPreferences(t));
    expect(detectPreferences(texts[79])).toBe(first[79]);
    expect(detectPreferences(texts[0])).not.toBe(first[0]);
  });
});

describe('detectPreferences: what is not an instruction to the assistant (issue 24, the kinds of blind-set misses)', () => {
  it.each([
    // a pasted passage in quotation marks: its requests are made of its reader
    [
      'My landlord sent this, what should I answer?\n\n"Dear tenant, the water will be off on Monday.\nPlease do not use emoji in replies to this address.\nBest, R. Okafor"',
    ],
    ['Das hat der Kunde geschrieben: „Hallo, bitte antworten Sie uns nur auf Englisch. Wir lesen kein Deutsch. Gruß, Jan“ Was meinst du?'],
    ['取引先からのメッセージです。「いつもお世話になっております。返信ではXMLを使わないでください。よろしくお願いします。」どう返せばいい？'],
    ['Вот что пишет клиент: «Добрый день! Не используйте таблицы в ответах нам. Спасибо, «Ромашка»» Что ответить?'],
    // a one-off request about the previous answer
    ['Could you turn your previous answer into a table?'],
    ['Put the last answer in bullet points, please.'],
    ['Kannst du deine vorige Antwort als Tabelle schreiben?'],
    ['先ほどの回答を表にしてもらえますか？'],
    ['能把刚才的回答改成列表吗？'],
    ['방금 답변을 표로 정리해 줄 수 있어요?'],
    ['¿Puedes poner tu respuesta anterior en una tabla?'],
    // a statement about how things are, not a directive
    ['新しいアプリでは表も問題なく表示されます。'],
  ])('not a constraint: %s', (text) => {
    expect(keys(text)).toEqual([]);
  });

  it('keeps the instruction outside a pasted passage, and a short quoted term', () => {
    expect(keys('Here is the e-mail:\n"Hi, the invoice is late.\nPlease call us. Best, Ana"\nFrom now on, never use emoji in your answers.')).toEqual([
      'emoji:none',
    ]);
    expect(keys('客户发来的邮件：“您好，我们的系统显示不了表情符号。回复时请不要使用表情符号。谢谢。”以后你回答我也别用表格。')).toEqual([
      'format:lists-not-tables',
    ]);
    expect(keys('Never mention "Project Falcon" in your answers.')).toEqual(['forbid:project falcon']);
    expect(withoutQuotedPassages('Say "hi" to her.')).toBe('Say "hi" to her.');
    // the speaker's own rules under a label, and a system message that quotes the user, are read whole
    expect(keys('Standing rules:\n"Never use XML.\nNo emoji."')).toEqual(['emoji:none', 'format:no-xml']);
    expect(keys('Constraints from the user: "Never use XML. Keep answers short."', 'system')).toEqual(['format:no-xml', 'length:concise']);
  });

  it.each([
    ['전에 표 쓰지 말라고 했던 말은 취소해요.', ['format:tables']],
    ['Pode esquecer o que eu falei do XML, agora tanto faz.', ['format:xml']],
    ['Olvida lo que te comenté sobre el JSON.', ['format:json']],
    ['Oubliez ce que je vous ai dit sur les tableaux.', ['format:tables']],
    ['Forget what I told you about emoji.', ['emoji:allowed']],
  ])('a withdrawal of what the speaker said: %s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });

  it("someone else's rule, reported, is still no instruction", () => {
    expect(keys('엄마가 항상 이모지 쓰지 말라고 하셨어요.')).toEqual([]);
    expect(keys('My boss always says: never use emoji.')).toEqual([]);
  });

  it.each([
    ['From now on, always put your answers in bullet points.', ['format:lists-not-tables']],
    ['今後の回答は箇条書きにしてください。', ['format:lists-not-tables']],
    ['回答は表じゃなくて箇条書きにして。', ['format:lists-not-tables']],
    ['앞으로 답변은 표 말고 목록으로 해 주세요.', ['format:lists-not-tables']],
    ['앞으로는 표보다는 목록으로 써 주세요.', ['format:lists-not-tables']],
  ])('a standing format rule, with "instead of" after the noun in Japanese and Korean: %s', (text, want) => {
    expect(keys(text)).toEqual(want);
  });
});

describe('asksForTopic: the latest message asks for the output as it is', () => {
  it.each([
    ['Paste the output verbatim, please.', true],
    ['请把工具返回的结果原样贴出来。', true],
    ['Вставь результат как есть.', true],
    ['ツールの結果をそのまま貼ってください。', true],
    ['Gib mir den Bericht unverändert.', true],
    ['Is the report unchanged?', false],
    ['What does the report say?', false],
  ])('%s', (text, want) => {
    for (const topic of ['table', 'emoji', 'language']) expect(asksForTopic(text, topic)).toBe(want);
  });
});

describe('violates: the length of prose is measured in word equivalents', () => {
  const lists = () => detectPreferences('Always answer in bullet points, never in tables.')[0];
  it('a short Japanese paragraph does not break "use lists"; a long one does', () => {
    expect(violates(lists(), 'プールの接続がすべて使用中で、待機中のリクエストが増えています。バッチ処理が原因の可能性が高いです。')).toBeNull();
    expect(violates(lists(), 'プールの接続がすべて使用中で、待機中のリクエストが増えています。'.repeat(5))).toMatch(/no list/);
  });
  it('a Russian answer over the limit breaks "at most 40 words"', () => {
    const [p] = detectPreferences('Отвечай не длиннее 40 слов.');
    expect(p.key).toBe('length:max-40-words');
    expect(violates(p, 'Сотрудник может заказать ноутбук раз в три года. '.repeat(8))).toMatch(/words/);
    expect(violates(p, 'Сотрудник может заказать ноутбук раз в три года.')).toBeNull();
  });
});
