/**
 * Data, not code: the cues of the write triggers that are not style preferences (those come from
 * the analyzers' detector), per language. extract.ts compiles them; a language is a new entry.
 * Latin cues match at word boundaries, case-insensitively; CJK cues as substrings.
 */
export interface TriggerCues {
  /** a stated liking or disliking of anything: "I prefer dark theme", "我喜欢咖啡" */
  preference: readonly string[];
  /** the start of a correction of something said before: "no,", "不对" */
  correction: readonly string[];
  /** the user pausing the conversation: "that's all for now", "先这样吧" */
  pause: readonly string[];
  /** the user taking back what they just said: "forget that", "never mind", "算了" (a whole short message) */
  withdraw: readonly string[];
  /** "remember that ...", "记住": what follows is to be kept */
  remember: readonly string[];
  /** a request for this answer only: "for this one", "this time", "这次" (not a standing preference) */
  oneOff: readonly string[];
  /** the user giving up a liking: "I no longer drink", "我戒" (at the start of the sentence) */
  giveUp: readonly string[];
  /** a standing request about every answer's style: "give me detailed explanations", "回答详细一点" */
  styleRequest: readonly string[];
}

export const TRIGGER_CUES: Readonly<Record<string, TriggerCues>> = {
  en: {
    preference: [
      'i prefer',
      'i really prefer',
      'i like',
      'i really like',
      'i love',
      'i enjoy',
      'i hate',
      'i dislike',
      "i don't like",
      'i do not like',
      "i'd rather",
      'i would rather',
      'my favorite',
      'my favourite',
    ],
    correction: ['no,', 'nope,', 'actually,', 'correction:', "that's wrong", 'that is wrong', 'not quite', 'wrong,'],
    pause: [
      "that's all for now",
      'that is all for now',
      "let's stop here",
      "let's leave it there",
      "let's leave it here",
      "let's pause",
      "let's call it a day",
      'talk later',
      'pause here',
      'good for now',
    ],
    withdraw: [
      'forget that',
      'forget it',
      'never mind',
      'nevermind',
      'scratch that',
      'ignore that',
      'disregard that',
      'ignore what i just said',
      'forget what i just said',
    ],
    remember: ['remember that', 'remember:', 'remember', 'please remember that', 'please remember', 'keep in mind that', 'note that', 'for the record,'],
    oneOff: [
      'for this one',
      'this time',
      'just this once',
      'for this answer',
      'for this question',
      'just for now',
      'for this reply',
      'for now',
      'this answer',
      'this reply',
      'this response',
      'this message',
      'this email',
      'the next message',
      'the next answer',
      'the next reply',
      'your next answer',
      'today',
      'tonight',
      'right now',
    ],
    giveUp: [
      'i no longer',
      "i've stopped",
      'i have stopped',
      'i stopped',
      'i quit',
      'i gave up',
      "i've given up",
      'we no longer',
      'we stopped',
      "i don't drink",
      'i do not drink',
      "i don't eat",
      'i do not eat',
      'i never drink',
      'i never eat',
    ],
    styleRequest: [
      'give me detailed',
      'give me short',
      'give me brief',
      'give me concise',
      'give me longer',
      'give me shorter',
      'give me simple',
      'give me step-by-step',
      'give me more detailed',
      'explain things',
      'answer in detail',
      'answers in detail',
      'keep your answers',
      'keep answers',
      'always explain',
    ],
  },
  zh: {
    preference: ['我喜欢', '我更喜欢', '我比较喜欢', '我偏好', '我倾向', '我爱', '我讨厌', '我不喜欢', '我最喜欢'],
    correction: ['不对', '不是的', '错了', '更正', '纠正一下', '说错了'],
    pause: ['先这样', '就这样吧', '今天就到这', '先到这', '回头再说', '改天再聊', '先停一下', '暂停一下'],
    withdraw: ['算了', '当我没说', '忘了吧', '忘掉吧', '别记了', '不用记了', '刚才说的不算'],
    remember: ['记住', '记一下', '请记住', '别忘了', '帮我记住'],
    oneOff: ['这次', '这一次', '这一回', '就这一次', '这个问题', '今天', '这条', '这段', '下一条', '下一个回答'],
    giveUp: ['我戒', '我已经戒', '我不再', '我们不再', '我已经不', '我不喝', '我不吃', '我现在不喝', '我现在不吃'],
    styleRequest: ['回答详细', '详细一点', '说详细', '简短一点', '简洁一点', '回答简短'],
  },
};
