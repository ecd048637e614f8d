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
  },
  zh: {
    preference: ['我喜欢', '我更喜欢', '我比较喜欢', '我偏好', '我倾向', '我爱', '我讨厌', '我不喜欢', '我最喜欢'],
    correction: ['不对', '不是的', '错了', '更正', '纠正一下', '说错了'],
    pause: ['先这样', '就这样吧', '今天就到这', '先到这', '回头再说', '改天再聊', '先停一下', '暂停一下'],
  },
};
