import { describe, expect, it } from 'vitest';
import type { MessageView, SessionEvent } from '../../store/session.js';
import { optionDefaults } from '../define.js';
import { analyzer } from './index.js';

/**
 * An answer-language rule that asks for the language the user writes in ("switch back to Korean" from
 * a user writing Korean) loses nothing when it leaves the prompt: the user's own messages still carry
 * the language. A rule for another language, a rule an answer broke, and any other rule stay losses.
 */

interface Turn {
  user: string;
  answer: string;
}

const msg = (id: number, role: string, text: string): MessageView => ({ id, role, text, tokens: 400, raw: {} });

/** Oldest-first trimming near the model's window: the system prompt and the last `keep` turns. With `cut`, those turns are
 *  cut out of the middle of the history from turn `cutFrom` on (older and newer messages stay), well below the window. */
function run(turns: Turn[], opts: { keep?: number; cut?: number[]; cutFrom?: number } = {}) {
  const keep = opts.keep ?? 4;
  const system = msg(1, 'system', 'You are the operations assistant of a small ferry company.');
  const events: SessionEvent[] = [];
  let seq = 0;
  const push = (e: Omit<SessionEvent, 'seq' | 'rowid' | 'actor' | 'scope' | 'eventId' | 'source'>) =>
    events.push({ ...e, seq: seq++, rowid: seq, actor: null, scope: null, eventId: null, source: `t.jsonl:${seq}` } as SessionEvent);
  turns.forEach((t, r) => {
    const history: MessageView[] = [];
    const from = opts.cut === undefined ? Math.max(0, r - keep + 1) : 0;
    for (let k = from; k <= r; k++) {
      if (opts.cut?.includes(k) && r >= (opts.cutFrom ?? Number.POSITIVE_INFINITY)) continue;
      history.push(msg(10 + 2 * k, 'user', turns[k].user));
      if (k < r) history.push(msg(11 + 2 * k, 'assistant', turns[k].answer));
    }
    const messages = [system, ...history];
    const tokens = opts.cut === undefined ? 15_000 : 2_000;
    push({
      kind: 'request',
      ts: r * 1000,
      turn: r,
      body: { kind: 'request' },
      request: { model: 'gpt-4o', encoding: 'o200k_base', messages, localTokens: tokens, reportedTokens: null, promptTokens: tokens, contextLimit: 16_385 },
    });
    push({ kind: 'response', ts: r * 1000 + 500, turn: r, body: { content: t.answer } });
  });
  return analyzer.run({ session: { session: 's', events }, options: optionDefaults(analyzer.meta) as never });
}

/** A user writing one language: questions, each answered in `answers`' language. */
const LANGS = {
  en: {
    other: 'Reply in German from now on please, my colleague from Kiel is reading along today.',
    back: 'My colleague has gone home, you can switch back to English.',
    q: [
      'Any delays at berth two since noon today?',
      'How busy was the car deck on the late departures?',
      'Anything odd about the wind readings this afternoon?',
      'Did the morning ferry report any trouble with the ramp today?',
      'What does the log say about the first crossings of the day?',
      'How did the whole week look overall for the harbour?',
    ],
    a: 'The ramp worked normally and the late departures were busy but on time, as the log shows for today.',
    otherAnswer: 'Die Rampe hat normal funktioniert und die späten Abfahrten waren voll, aber pünktlich, wie das Log zeigt.',
  },
  de: {
    other: 'Antworte ab jetzt bitte auf Englisch, heute liest ein Kollege aus Harwich mit.',
    back: 'Der Kollege ist weg, du kannst wieder auf Deutsch antworten.',
    q: [
      'Gab es seit Mittag Verspätungen an Liegeplatz zwei?',
      'Wie voll war das Autodeck bei den späten Abfahrten?',
      'War heute Nachmittag etwas Seltsames bei den Windmessungen?',
      'Hat die Morgenfähre heute Probleme mit der Rampe gemeldet?',
      'Was steht im Log zu den ersten Abfahrten des Tages?',
      'Wie sah die ganze Woche im Hafen insgesamt aus?',
    ],
    a: 'Die Rampe hat normal funktioniert und die späten Abfahrten waren voll, aber pünktlich, wie das Log für heute zeigt.',
    otherAnswer: 'The ramp worked normally and the late departures were busy but on time, as the log shows for today.',
  },
  ko: {
    other: '지금부터는 영어로 답해 주세요. 오늘 싱가포르에서 온 동료가 같이 보고 있어요.',
    back: '동료는 퇴근했어요. 이제 다시 한국어로 해 주셔도 돼요.',
    q: [
      '정오 이후 2번 선석에서 지연 있었어요?',
      '마지막 배들 차량 갑판은 얼마나 찼어요?',
      '오늘 오후 풍속 기록에 이상한 점 있었어요?',
      '오늘 아침 배가 램프 문제를 보고했나요?',
      '오늘 첫 배들 기록은 어떻게 되어 있어요?',
      '이번 주 항구는 전체적으로 어땠어요?',
    ],
    a: '램프는 정상이었고 마지막 배들은 붐볐지만 제시간에 출발했어요.',
    otherAnswer: 'The ramp worked normally and the late departures were busy but on time, as the log shows for today.',
  },
  fr: {
    other: "À partir de maintenant réponds en anglais stp, un collègue de Portsmouth lit avec moi aujourd'hui.",
    back: 'Mon collègue est parti, tu peux repasser au français.',
    q: [
      'Des retards au poste deux depuis midi ?',
      'Le pont garage était rempli comment sur les derniers départs ?',
      "Quelque chose d'étrange dans les relevés de vent cet après-midi ?",
      "Le ferry du matin a-t-il signalé un problème de rampe aujourd'hui ?",
      'Que dit le journal sur les premières traversées de la journée ?',
      "Comment s'est passée la semaine dans l'ensemble au port ?",
    ],
    a: "La rampe a fonctionné normalement et les derniers départs étaient chargés mais à l'heure, d'après le journal.",
    otherAnswer: 'The ramp worked normally and the late departures were busy but on time, as the log shows for today.',
  },
  'zh-Hans': {
    other: '从现在起请用英文回复，今天有位新加坡来的同事跟着一起看。',
    back: '同事已经走了，你可以换回中文了。',
    q: [
      '中午以后2号泊位有没有延误？',
      '晚班船的车辆甲板满不满？',
      '今天下午的风速记录有没有异常？',
      '早班船今天有没有报告跳板故障？',
      '日志里今天头几班船情况怎么样？',
      '这周码头总体情况怎么样？',
    ],
    a: '跳板一切正常，晚班船很满但都准点出发，日志里都有记录。',
    otherAnswer: 'The ramp worked normally and the late departures were busy but on time, as the log shows for today.',
  },
} as const;

type L = (typeof LANGS)[keyof typeof LANGS];

/** a question at turn 0, the rule for another language at turn 1, the switch back at turn 3 (or never); ten turns in all */
function story(l: L, { back = true, answer = (_r: number) => l.a as string } = {}): Turn[] {
  const turns: Turn[] = [{ user: l.q[5], answer: l.a }];
  for (let r = 1; r < 10; r++) {
    const q = l.q[r % l.q.length];
    const user = r === 1 ? `${l.other} ${q}` : r === 3 && back ? `${l.back} ${q}` : q;
    turns.push({ user, answer: r < 3 || !back ? l.otherAnswer : answer(r) });
  }
  return turns;
}

describe('window-overflow: a rule that switched back to the language the user writes in', () => {
  for (const [code, l] of Object.entries(LANGS)) {
    it(`${code}: the switch-back trimmed out with the rule it replaced: nothing lost`, () => {
      expect(run(story(l))).toEqual([]);
    });
    it(`${code}: the switch-back cut out of the middle of the history: nothing lost`, () => {
      expect(run(story(l), { cut: [1, 2, 3], cutFrom: 6 })).toEqual([]);
    });
    it(`${code}: the switch-back cut out while the rule it replaced stays in the prompt: flagged (that rule stands alone again)`, () => {
      const drafts = run(story(l), { cut: [2, 3], cutFrom: 6 });
      expect(drafts.map((d) => [d.cause, d.turn])).toEqual([['cut_out', 6]]);
    });
    it(`${code}: a rule for another language than the user writes in, trimmed out with no replacement: flagged`, () => {
      const drafts = run(story(l, { back: false }));
      expect(drafts.map((d) => [d.cause, d.severity])).toEqual([['constraint_evicted', 'warning']]);
    });
  }
  it('en: the switch-back trimmed out and a later answer in German breaks it: flagged as an error', () => {
    const l = LANGS.en;
    const drafts = run(story(l, { answer: (r) => (r === 8 ? l.otherAnswer : l.a) }));
    expect(drafts.map((d) => [d.cause, d.severity, d.detail?.constraint])).toEqual([['constraint_evicted', 'error', 'language:en']]);
  });
  it('ko: the switch-back cut out and a later answer in English breaks it: flagged as an error', () => {
    const l = LANGS.ko;
    const drafts = run(story(l, { answer: (r) => (r === 8 ? l.otherAnswer : l.a) }), { cut: [1, 2, 3], cutFrom: 6 });
    expect(drafts.map((d) => [d.cause, d.severity])).toEqual([['cut_out', 'error']]);
  });
  it('de: a rule on another topic trimmed out is still a loss ("keine Emojis")', () => {
    const l = LANGS.de;
    const turns = Array.from({ length: 10 }, (_, r) => ({ user: r === 0 ? `Bitte benutze keine Emojis. ${l.q[0]}` : l.q[r % 6], answer: l.a }));
    expect(run(turns).map((d) => [d.cause, d.detail?.constraint])).toEqual([['constraint_evicted', 'emoji:none']]);
  });
});
