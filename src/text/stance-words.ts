/**
 * The words a statement's stance is read from (./stance.ts), as data per language: lower case; a cue
 * ending with `*` is a stem. Han and kana cues match anywhere, Hangul cues at a word's start (its
 * particle or ending follows), the others as whole words. A new language is a new entry.
 */

export interface StanceWords {
  /** words that deny the clause they stand in ("not", "kein", "不", "ない", "없*") */
  negations: readonly string[];
  /**
   * predicates by meaning: `yes` states it, `no` states its opposite in one word ("declined", "不要",
   * "불가*"). A clause with a `no` word and a negation states it again.
   */
  predicates: Readonly<Record<Predicate, { yes: readonly string[]; no: readonly string[] }>>;
  /** words that join two clauses of one sentence ("and", "because", "ので") */
  joins: readonly string[];
  /**
   * endings of an inflected predicate, cut from a word's end before its content is read, so that a
   * statement and its denial meet on the stem ("마신다" / "마시지 않는다": 마시). An ending that starts
   * with a lone consonant (ㄴ, ㄹ, ㅂ) is the last syllable's final consonant ("마신다": 마시 + ㄴ다).
   */
  endings?: readonly string[];
}

/**
 * need: something is needed or not; approval: something was agreed, allowed, confirmed, or declined,
 * forbidden, cancelled ("deploy on Fridays is fine" / "never deploy on Fridays"); liking: something is
 * liked or disliked ("loves coffee" / "doesn't like coffee any more").
 */
export type Predicate = 'need' | 'approval' | 'liking';

export const PREDICATES: readonly Predicate[] = ['need', 'approval', 'liking'];

/** A predicate a bare statement may stand for: "never deploy on Fridays" denies that it is allowed. */
export const MODAL: ReadonlySet<Predicate> = new Set(['approval']);

export const STANCE: Readonly<Record<string, StanceWords>> = {
  en: {
    negations: [
      'not',
      'no',
      'never',
      'none',
      "don't",
      "doesn't",
      "didn't",
      "isn't",
      "aren't",
      "wasn't",
      "weren't",
      "won't",
      "can't",
      'cannot',
      "shouldn't",
      "mustn't",
      'dont',
      'doesnt',
      'isnt',
      'cant',
    ],
    predicates: {
      need: { yes: ['need', 'needs', 'needed', 'require', 'requires', 'required', 'necessary'], no: ['unnecessary', 'unneeded'] },
      approval: {
        yes: ['agreed', 'approved', 'granted', 'confirmed', 'allowed', 'permitted', 'accepted', 'arranged', 'authorized', 'authorised', 'fine', 'ok', 'okay'],
        no: ['declined', 'refused', 'denied', 'rejected', 'forbidden', 'prohibited', 'cancelled', 'canceled', 'banned'],
      },
      liking: {
        yes: ['like', 'likes', 'liked', 'love', 'loves', 'loved', 'enjoy', 'enjoys', 'enjoyed'],
        no: ['dislike', 'dislikes', 'disliked', 'hate', 'hates', 'hated'],
      },
    },
    joins: ['and', 'but', 'so', 'because', 'while', 'whereas'],
  },
  de: {
    negations: ['nicht', 'kein*', 'nie', 'niemals'],
    predicates: {
      need: { yes: ['brauch*', 'benötig*', 'nötig*', 'notwendig*', 'erforderlich*'], no: ['unnötig*', 'überflüssig*'] },
      approval: {
        yes: ['vereinbart', 'genehmigt', 'bewilligt', 'zugesagt', 'bestätigt', 'erlaubt', 'akzeptiert', 'in ordnung', 'okay', 'ok'],
        no: ['abgelehnt', 'verweigert', 'verboten', 'untersagt', 'storniert', 'abgesagt'],
      },
      liking: { yes: ['mag', 'mögen', 'liebt', 'liebe', 'gern', 'gerne'], no: ['hasst', 'hasse', 'ungern'] },
    },
    joins: ['und', 'aber', 'weil', 'denn', 'sondern'],
  },
  es: {
    negations: ['no', 'nunca', 'jamás', 'tampoco', 'ningún', 'ninguna', 'ninguno'],
    predicates: {
      need: { yes: ['necesit*', 'necesari*', 'hace falta'], no: ['innecesari*'] },
      approval: {
        yes: ['acordad*', 'aprobad*', 'concedid*', 'confirmad*', 'permitid*', 'aceptad*', 'autorizad*'],
        no: ['denegad*', 'rechazad*', 'prohibid*', 'cancelad*'],
      },
      liking: { yes: ['gusta', 'gustan', 'encanta', 'encantan', 'ama', 'adora'], no: ['odia', 'detesta'] },
    },
    joins: ['y', 'pero', 'porque'],
  },
  fr: {
    negations: ['ne', "n'", 'pas', 'jamais', 'aucun', 'aucune'],
    predicates: {
      need: { yes: ['besoin', 'nécessaire*', 'faut'], no: ['inutile*'] },
      approval: {
        yes: ['accordé*', 'approuvé*', 'confirmé*', 'autorisé*', 'accepté*'],
        no: ['refusé*', 'rejeté*', 'interdit*', 'annulé*'],
      },
      liking: { yes: ['aime', 'aiment', 'adore', 'adorent'], no: ['déteste', 'détestent'] },
    },
    // not "car" ("because"): English "by car"
    joins: ['et', 'mais', 'parce que'],
  },
  pt: {
    negations: ['não', 'nunca', 'jamais', 'nenhum', 'nenhuma'],
    predicates: {
      need: { yes: ['precis*', 'necessári*'], no: ['desnecessári*'] },
      approval: {
        yes: ['combinad*', 'aprovad*', 'concedid*', 'confirmad*', 'permitid*', 'autorizad*', 'aceit*'],
        no: ['recusad*', 'negad*', 'proibid*', 'rejeitad*', 'cancelad*'],
      },
      liking: { yes: ['gosta', 'gostam', 'adora', 'ama'], no: ['odeia', 'detesta'] },
    },
    joins: ['e', 'mas', 'porque'],
  },
  it: {
    negations: ['non', 'mai', 'nessun*'],
    predicates: {
      need: { yes: ['bisogno', 'necessari*'], no: ['inutil*'] },
      approval: {
        yes: ['approvat*', 'concess*', 'confermat*', 'permess*', 'autorizzat*'],
        no: ['rifiutat*', 'negat*', 'vietat*', 'annullat*'],
      },
      liking: { yes: ['piace', 'piacciono', 'ama', 'adora'], no: ['odia', 'detesta'] },
    },
    joins: ['e', 'ma', 'perché'],
  },
  ru: {
    negations: ['не', 'нет', 'никогда', 'ни'],
    predicates: {
      need: { yes: ['нужн*', 'нужен', 'необходим*', 'требуется'], no: ['ненужн*'] },
      approval: {
        yes: ['согласован*', 'одобрен*', 'разрешен*', 'разрешён*', 'подтвержден*', 'подтверждён*'],
        no: ['отклонен*', 'отклонён*', 'отказан*', 'запрещен*', 'запрещён*', 'отменен*', 'отменён*'],
      },
      liking: { yes: ['нравится', 'нравятся', 'любит', 'обожает'], no: ['ненавидит'] },
    },
    joins: ['и', 'но', 'потому что'],
  },
  zh: {
    negations: ['不', '没', '沒', '未', '别', '別', '无', '無'],
    predicates: {
      need: { yes: ['需要', '需'], no: ['无需', '無需', '不用'] },
      approval: {
        yes: ['同意', '批准', '核准', '允许', '允許', '确认', '確認', '安排好', '可以'],
        no: ['拒绝', '拒絕', '禁止', '驳回', '駁回', '取消', '不行'],
      },
      liking: { yes: ['喜欢', '喜歡', '爱吃', '愛吃', '爱喝', '愛喝'], no: ['讨厌', '討厭'] },
    },
    joins: ['但是', '因为', '因為', '所以'],
  },
  ja: {
    negations: ['ない', 'ません', 'なかった', 'ず'],
    predicates: {
      need: { yes: ['必要', '要る'], no: ['不要', 'いらない', '要らない'] },
      approval: {
        yes: ['了承', '承認', '許可', '確定', '手配済'],
        no: ['不可', '却下', '禁止', 'お断り', 'キャンセル'],
      },
      liking: { yes: ['好き', '好む', '大好き'], no: ['嫌い', '苦手'] },
    },
    joins: ['ので', 'けれど', 'けど', 'のに'],
  },
  ko: {
    negations: ['안', '못', '않*', '없*', '아니*'],
    predicates: {
      need: { yes: ['필요*'], no: ['불필요*'] },
      approval: {
        yes: ['승인*', '허가*', '허용*', '확정*', '가능*'],
        no: ['불가*', '거절*', '거부*', '금지*', '취소*'],
      },
      liking: { yes: ['좋아*'], no: ['싫어*'] },
    },
    joins: [],
    endings: ['습니다', 'ㅂ니다', '는다', 'ㄴ다', '지', '다'],
  },
};
