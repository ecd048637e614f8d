/**
 * Data, not code: the words that shape a statement into a claim (a subject and its value), per
 * language. claims.ts compiles them into one grammar; a language is a new entry here.
 * Latin words match at word boundaries, case-insensitively; CJK words as substrings.
 */
export interface ClaimWords {
  /** "X is Y": the verbs that give a subject its value */
  copulas: readonly string[];
  /** "X moved to Y", "X 改到 Y": the verbs of an update (the new value follows) */
  changes: readonly string[];
  /** what may follow a change verb before the value ("to", "until") */
  changeLinks: readonly string[];
  /** "Y instead of X", "Y, not X", "X 而不是": the old value named after these */
  insteadOf: readonly string[];
  /** "not X anymore", "不是 X 了": the old value sits between the two parts */
  notAnymore: readonly (readonly [string, string])[];
  /** "I no longer drink coffee", "我戒咖啡了": the value that follows is withdrawn */
  negations: readonly string[];
  /** "Bob owns billing", "Bob 负责账单": the value owns the subject (its owner) */
  owns: readonly string[];
  /** "billing is owned by Carol": the subject comes first, its owner after */
  ownedBy: readonly string[];
  /** "we use Postgres for orders": the value comes first, its subject after one of `usedFor` */
  uses: readonly string[];
  /** what joins the value and the subject after `uses` ("for", "as") */
  usedFor: readonly string[];
  /** "not Postgres but MySQL", "不是 Postgres，是 MySQL": the old value between the two parts, the new one after */
  notBut: readonly (readonly [string, string])[];
  /** the word that names an owner: "owner" ("the billing owner is Bob") */
  owner: string;
  /** words that open a subject and belong to no subject ("my", "our", "我们的") */
  determiners: readonly string[];
  /** subjects that are no subject ("it", "this", "这") */
  pronouns: readonly string[];
  /** verbs that make a would-be subject a clause ("we decided to", "决定订单库用"): no subject (Latin), cut off (CJK) */
  clauseVerbs: readonly string[];
  /** prepositions a value may start with ("on May 3") */
  valueLeads: readonly string[];
}

export const CLAIM_WORDS: Readonly<Record<string, ClaimWords>> = {
  en: {
    copulas: ['is', 'are', 'was', 'were', 'is now', 'are now', 'runs', 'run', 'uses', 'use', 'lives'],
    changes: [
      'moved',
      'has moved',
      'was moved',
      'changed',
      'has changed',
      'was changed',
      'switched',
      'has switched',
      'migrated',
      'was migrated',
      'has been moved',
      'postponed',
      'was postponed',
      'pushed back',
      'pushed',
      'rescheduled',
      'was rescheduled',
      'shifted',
      'updated',
    ],
    changeLinks: ['to', 'until', 'over to'],
    insteadOf: ['instead of', 'rather than', 'not'],
    notAnymore: [
      ['not', 'anymore'],
      ['not', 'any more'],
      ['not', 'any longer'],
    ],
    negations: ['no longer', 'stopped', 'quit', 'gave up', "don't drink", "don't eat", 'do not drink', 'do not eat', 'never drink', 'never eat'],
    owns: ['owns', 'is responsible for', 'is in charge of', 'maintains', 'runs'],
    ownedBy: ['is owned by', 'are owned by', 'is now owned by', 'owned by', 'is maintained by', 'is run by'],
    uses: ['use', 'uses', 'are using', 'is using', 'run', 'chose', 'picked', 'went with', 'go with', 'rely on', 'switch to'],
    usedFor: ['for', 'as'],
    notBut: [['not', 'but']],
    owner: 'owner',
    determiners: ['my', 'our', 'your', 'the', 'their', 'his', 'her', 'a', 'an', 'now'],
    pronouns: ['it', 'this', 'that', 'there', 'here', 'what', 'which', 'who', 'we', 'i', 'you', 'they', 'he', 'she', 'everything', 'nothing', 'all'],
    valueLeads: ['on', 'at', 'in', 'to', 'for'],
    clauseVerbs: [
      'decided',
      'agreed',
      'think',
      'thought',
      'believe',
      'guess',
      'said',
      'told',
      'want',
      'wanted',
      'need',
      'needed',
      'plan',
      'planned',
      'chose',
      'picked',
      'going',
      'will',
      'would',
      'should',
      'can',
      'could',
      'must',
      "let's",
      'lets',
    ],
  },
  zh: {
    copulas: ['是', '为', '定在', '在', '用', '使用', '在用'],
    changes: ['改到', '改成', '改为', '换成', '换到', '改用', '挪到', '推迟到', '提前到', '延到', '延期到', '调到', '迁移到', '迁到', '变成', '更新为'],
    changeLinks: [],
    insteadOf: ['而不是', '不是', '而非', '代替', '替代', '取代'],
    notAnymore: [['不是', '了']],
    negations: ['戒了', '戒', '不再', '不喝', '不吃'],
    owns: ['负责', '管'],
    ownedBy: ['由'],
    uses: ['用', '使用', '在用', '改用'],
    usedFor: [],
    notBut: [
      ['不是', '是'],
      ['不是', '而是'],
    ],
    owner: '负责人',
    determiners: ['我的', '我们的', '我们', '你的', '他的', '她的', '这个', '那个'],
    pronouns: ['我', '我们', '你们', '他们', '大家', '你', '他', '她', '它', '这', '那', '这是', '那是'],
    valueLeads: [],
    clauseVerbs: ['决定', '打算', '准备', '计划', '觉得', '认为', '想要', '想'],
  },
};
