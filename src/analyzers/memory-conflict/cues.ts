/**
 * The words memory-conflict reads, as data per language (lower case; a cue ending with `*` is a stem;
 * Han and kana cues match anywhere, the others at word boundaries). A new language is a new entry in
 * each table.
 */

/** Words that deny what the rest of a memory states: "not allergic", "kein Fleisch", "不喝". */
export const NEGATIONS: Record<string, readonly string[]> = {
  en: ['not', 'no', 'never', "don't", "doesn't", "isn't", "aren't", "didn't", "won't", "can't", 'cannot', 'longer', 'dont', 'doesnt'],
  de: ['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'nie', 'niemals', 'mehr'],
  es: ['no', 'nunca', 'jamás', 'ya'],
  fr: ['ne', "n'", 'pas', 'jamais', 'plus'],
  pt: ['não', 'nunca', 'jamais'],
  it: ['non', 'mai'],
  zh: ['不', '没', '没有', '不再', '不是', '別', '别'],
  ja: ['ない', 'ません', 'じゃない', 'ではない', 'しない'],
  ko: ['안', '못', '않', '없'],
  ru: ['не', 'нет', 'никогда', 'больше'],
};

/** A value and its opposite: the one memory says the one, the other the other ("likes" / "dislikes"). */
export const OPPOSITES: Record<string, readonly (readonly [string, string])[]> = {
  en: [
    ['likes', 'dislikes'],
    ['like', 'dislike'],
    ['loves', 'hates'],
    ['love', 'hate'],
    ['enjoys', 'hates'],
    ['can', 'cannot'],
    ['is', "isn't"],
    ['does', "doesn't"],
    ['allowed', 'forbidden'],
    ['yes', 'no'],
    ['true', 'false'],
  ],
  de: [
    ['mag', 'hasst'],
    ['liebt', 'hasst'],
    ['gern', 'ungern'],
    ['erlaubt', 'verboten'],
  ],
  es: [
    ['gusta', 'disgusta'],
    ['encanta', 'odia'],
    ['ama', 'odia'],
    ['permitido', 'prohibido'],
  ],
  fr: [
    ['aime', 'déteste'],
    ['adore', 'déteste'],
    ['autorisé', 'interdit'],
  ],
  zh: [
    ['喜欢', '讨厌'],
    ['喜欢', '不喜欢'],
    ['爱', '讨厌'],
    ['可以', '不可以'],
    ['能', '不能'],
    ['吃', '不吃'],
    ['喝', '不喝'],
    ['有', '没有'],
  ],
  ja: [
    ['好き', '嫌い'],
    ['ある', 'ない'],
    ['あります', 'ありません'],
    ['できる', 'できない'],
    ['食べる', '食べない'],
    ['飲む', '飲まない'],
  ],
};

/**
 * Words of a fact that holds one value at a time: where one lives, a date, a name, a favourite, an
 * employer. Two memories sharing one of these around two different values cannot both hold; two that
 * share a verb of many values ("likes coffee", "likes tea") can.
 */
export const SINGLE_VALUED: Record<string, readonly string[]> = {
  en: [
    'lives',
    'live',
    'living',
    'resides',
    'based',
    'home',
    'address',
    'hometown',
    'city',
    'country',
    'moved',
    'birthday',
    'born',
    'birth',
    'date',
    'deadline',
    'due',
    'scheduled',
    'appointment',
    'meeting',
    'flight',
    'name',
    'named',
    'called',
    'age',
    'aged',
    'favorite',
    'favourite',
    'works',
    'employer',
    'job',
    'title',
    'phone',
    'email',
    'timezone',
    'married',
    'wife',
    'husband',
    'partner',
    'budget',
    'price',
    'salary',
    'height',
    'weight',
  ],
  de: [
    'wohnt',
    'wohne',
    'wohnort',
    'lebt',
    'adresse',
    'stadt',
    'umgezogen',
    'zieht',
    'geburtstag',
    'geboren',
    'datum',
    'termin*',
    'zahnarzttermin*',
    'frist',
    'name',
    'heißt',
    'lieblings*',
    'arbeitet',
    'arbeitgeber',
    'firma',
    'telefon*',
    'alter',
    'verheiratet',
    'budget',
    'flug',
  ],
  es: [
    'vive',
    'vivo',
    'reside',
    'ciudad',
    'dirección',
    'mudó',
    'cumpleaños',
    'nació',
    'fecha',
    'plazo',
    'cita',
    'reunión',
    'vuelo',
    'nombre',
    'llama',
    'favorito',
    'favorita',
    'preferido',
    'preferida',
    'trabaja',
    'empresa',
    'teléfono',
    'edad',
    'casado',
    'casada',
    'presupuesto',
  ],
  fr: [
    'habite',
    'vit',
    'ville',
    'adresse',
    'anniversaire',
    'né',
    'née',
    'date',
    'rendez-vous',
    'vol',
    'nom',
    'appelle',
    'préféré',
    'préférée',
    'travaille',
    'entreprise',
    'téléphone',
    'âge',
    'marié',
    'mariée',
    'budget',
  ],
  pt: ['mora', 'vive', 'cidade', 'endereço', 'aniversário', 'nasceu', 'data', 'nome', 'favorito', 'favorita', 'trabalha', 'empresa', 'telefone', 'idade'],
  zh: [
    '住',
    '居住',
    '搬到',
    '城市',
    '地址',
    '老家',
    '生日',
    '出生',
    '日期',
    '截止',
    '预约',
    '会议',
    '航班',
    '名字',
    '叫',
    '最喜欢',
    '最爱',
    '工作',
    '公司',
    '电话',
    '邮箱',
    '年龄',
    '岁',
    '结婚',
    '预算',
  ],
  ja: [
    '住ん',
    '住ま',
    '住所',
    '在住',
    '引っ越',
    '誕生日',
    '生まれ',
    '日付',
    '締め切り',
    '締切',
    '期限',
    '予約',
    '会議',
    '便',
    '名前',
    '一番好き',
    '勤務',
    '勤め',
    '会社',
    '電話',
    '年齢',
    '歳',
    '結婚',
    '予算',
  ],
  // 살다 loses its ㄹ before ㄴ, ㅂ and ㅅ: 산다, 사는, 삽니다, 사세요
  ko: [
    '살',
    '산다',
    '사는 곳',
    '삽니다',
    '사세요',
    '거주',
    '주소',
    '도시',
    '생일',
    '날짜',
    '마감',
    '예약',
    '이름',
    '가장 좋아',
    '회사',
    '직장',
    '전화',
    '나이',
  ],
  ru: [
    'живёт',
    'живет',
    'адрес',
    'город',
    'переехал*',
    'день рождения',
    'родил*',
    'дата',
    'срок',
    'встреча',
    'имя',
    'зовут',
    'любим*',
    'работает',
    'компания',
    'телефон',
    'возраст',
  ],
};

/** Names of months and weekdays: a value that is one of them is a date, like a number. */
export const DATE_WORDS: Record<string, readonly string[]> = {
  en: [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
  ],
  de: [
    'januar',
    'februar',
    'märz',
    'april',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'dezember',
    'montag',
    'dienstag',
    'mittwoch',
    'donnerstag',
    'freitag',
    'samstag',
    'sonntag',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
    'lunes',
    'martes',
    'miércoles',
    'jueves',
    'viernes',
    'sábado',
    'domingo',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
    'lundi',
    'mardi',
    'mercredi',
    'jeudi',
    'vendredi',
    'samedi',
    'dimanche',
  ],
  zh: ['周一', '周二', '周三', '周四', '周五', '周六', '周日', '星期'],
  ja: ['月曜', '火曜', '水曜', '木曜', '金曜', '土曜', '日曜'],
};

/**
 * A prompt states which of two conflicting memories wins when one line holds a word of recency (or
 * of conflict) and a word of precedence: "if two of them conflict, the newest one wins", "以最新的为准",
 * "bei Widersprüchen gilt die neueste".
 */
export const RULE_RECENCY: Record<string, readonly string[]> = {
  en: ['newest', 'newer', 'most recent', 'more recent', 'latest', 'recency'],
  de: ['neueste*', 'neuere*', 'neuste*', 'aktuellste*', 'jüngste*'],
  es: ['más reciente*', 'más nuev*', 'últim*'],
  fr: ['plus récent*', 'dernier', 'dernière'],
  pt: ['mais recente*', 'últim*'],
  zh: ['最新', '较新', '更新的', '最近'],
  ja: ['最新', '新しい'],
  ko: ['최신', '최근'],
};
export const RULE_CONFLICT: Record<string, readonly string[]> = {
  en: ['conflict*', 'contradict*', 'disagree*', 'inconsistent'],
  de: ['widerspr*', 'konflikt*'],
  es: ['contradic*', 'conflicto*'],
  fr: ['contradi*', 'conflit*'],
  pt: ['contradi*', 'conflito*'],
  zh: ['冲突', '矛盾', '衝突'],
  ja: ['矛盾', '競合', '食い違'],
  ko: ['충돌', '모순'],
};
export const RULE_PRECEDENCE: Record<string, readonly string[]> = {
  en: ['wins', 'win', 'takes precedence', 'take precedence', 'prevails', 'overrides', 'override', 'prefer', 'outranks', 'supersedes', 'replaces'],
  de: ['gilt', 'gelten', 'vorrang', 'gewinnt', 'überschreibt', 'bevorzuge*', 'zählt'],
  es: ['prevalece*', 'gana', 'prioridad', 'manda', 'prefiere', 'preferir', 'usa', 'vale'],
  fr: ['prévaut', "l'emporte", 'prime', 'priorité', 'préférer', 'préfère'],
  pt: ['prevalece', 'vence', 'prioridade', 'preferir'],
  zh: ['为准', '為準', '优先', '優先', '覆盖', '胜出', '采用'],
  ja: ['優先', '採用', '正とする', '従'],
  ko: ['우선', '따르'],
};

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One matcher for every language's cues of a table: joined scripts anywhere, the others between word
 * boundaries (the stems' tail written once: a Unicode class per cue is slow to compile, src/text/stance.ts).
 * The texts it runs on are lower-cased.
 */
export function matcher(table: Record<string, readonly string[]>): RegExp {
  const joined: string[] = [];
  const whole: string[] = [];
  const stems: string[] = [];
  for (const cues of Object.values(table))
    for (const c of cues) {
      if (JOINED.test(c)) joined.push(escape(c));
      else if (c.endsWith('*')) stems.push(escape(c.slice(0, -1)).replace(/ /g, '\\s+'));
      else whole.push(escape(c).replace(/ /g, '\\s+'));
    }
  const spaced = [...whole, ...(stems.length ? [`(?:${stems.join('|')})\\p{L}*`] : [])];
  const parts = [...(joined.length ? [`(?:${joined.join('|')})`] : []), `(?<![\\p{L}\\p{N}])(?:${spaced.join('|')})(?![\\p{L}\\p{N}])`];
  return new RegExp(parts.join('|'), 'u');
}

const RECENCY = matcher(RULE_RECENCY);
const CONFLICT = matcher(RULE_CONFLICT);
const PRECEDENCE = matcher(RULE_PRECEDENCE);

/** The line of a text that states which of two conflicting memories wins, or null. */
export function statedRule(text: string): string | null {
  for (const line of text.normalize('NFKC').split(/\r?\n|(?<=[.!?。！？])\s*/u)) {
    const l = line.toLowerCase();
    if ((RECENCY.test(l) || CONFLICT.test(l)) && PRECEDENCE.test(l)) return line.trim();
  }
  return null;
}
