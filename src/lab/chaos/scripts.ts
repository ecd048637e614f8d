/**
 * The scripted conversations of `amnesia chaos`, in English and Chinese: an on-call engineer and
 * an engineering assistant. Each block is a few turns with the user's words, what the memory
 * layer should write, tool output, and the answer a model gives when its prompt carries what it
 * needs (and the answer it gives when it does not).
 */
import type { MemoryType } from '../../engine/types.js';

export type Lang = 'en' | 'zh';
export type ConstraintId = 'xml' | 'tables' | 'emoji';

export interface ConstraintText {
  /** the user's words (also the memory's text, pinned verbatim) */
  statement: string;
  key: string;
  /** lifts it (a newer memory in the same slot) */
  permission: string;
  permissionKey: string;
  /** a restatement (a near-duplicate: not written again) */
  restatement: string;
  /** the answer a model gives when the constraint is not in its prompt */
  violate(answer: string): string;
}

export interface FactText {
  /** what the user says */
  statement: string;
  /** what the memory layer stores (a rewrite, not the user's exact words) */
  memory: string;
  slot: string;
  type: MemoryType;
  /** a later correction: same slot, new value */
  update?: { statement: string; memory: string };
  /** a question the memory answers */
  question?: { user: string; answer: string };
}

export interface FactPair {
  statement: string;
  memories: [string, string];
  question: string;
  answer: string;
}

export interface Exchange {
  user: string;
  answer: string;
}

export interface LangPack {
  system: string;
  opening(statement: string): string;
  /** reply to the opening (promises the save: the write is in the same turn) */
  ack: string;
  /** reply to a restatement (no promise: nothing new is written) */
  ackRestated: string;
  /** reply to a fact (promises the save) */
  noted: string;
  /** what the model says when the memory it needs is not in its prompt */
  unknown: string;
  constraints: Record<ConstraintId, ConstraintText>;
  facts: FactText[];
  pairs: FactPair[];
  fillers: Exchange[];
  work: { user(wave: number): string; answer(wave: number, waiting: number, lockMs: number): string };
  state: { concurrent: Exchange; owned: Exchange };
  loud: { user: string; tool: string; answer: string; loudAnswer: string };
}

const xml = (a: string) => `<report>\n  <finding>${a}</finding>\n  <status>open</status>\n</report>`;
const table = (a: string) => `| Item | Detail |\n|---|---|\n| Summary | ${a} |\n| Status | open |`;
const emoji = (a: string) => `${a} 🚀🔥`;

export const PACKS: Record<Lang, LangPack> = {
  en: {
    system:
      'You are DevPilot, the engineering assistant of the payments team. Tools: grep_logs reads service logs, web_search searches the web. Planner and executor sub-agents share state with you.',
    opening: (s) => `Hi, I am on call for the payments service this week. ${s}`,
    ack: "Understood, I'll remember that.",
    ackRestated: 'Understood.',
    noted: "Noted, I'll remember that.",
    unknown: 'I do not have that on file; can you tell me again?',
    constraints: {
      xml: {
        statement: 'Never use XML in your answers.',
        key: 'format:no-xml',
        permission: 'You can use XML in your answers again.',
        permissionKey: 'format:xml',
        restatement: 'Again: never use XML in your answers.',
        violate: xml,
      },
      tables: {
        statement: 'Use bullet lists, never tables.',
        key: 'format:lists-not-tables',
        permission: 'You can use tables again.',
        permissionKey: 'format:tables',
        restatement: 'Again: use bullet lists, never tables.',
        violate: table,
      },
      emoji: {
        statement: 'No emoji, please.',
        key: 'emoji:none',
        permission: 'You can use emoji now.',
        permissionKey: 'emoji:allowed',
        restatement: 'Again: no emoji, please.',
        violate: emoji,
      },
    },
    facts: [
      {
        statement: 'FYI, production runs PostgreSQL 16 at the moment.',
        memory: 'The production database version is PostgreSQL 16',
        slot: 'fact:production database version',
        type: 'fact',
        update: { statement: 'Correction: production was upgraded to PostgreSQL 17 last night.', memory: 'The production database version is PostgreSQL 17' },
        question: { user: 'Which database version is production on?', answer: 'Plan the migration for the production database version you gave me.' },
      },
      {
        statement: 'I am based in Singapore, so my timezone is UTC+8.',
        memory: "The user's timezone is UTC+8 (Singapore)",
        slot: 'fact:timezone',
        type: 'fact',
        question: { user: 'What time is the handover in my timezone?', answer: 'The handover is at 18:00 in your timezone.' },
      },
      {
        statement: 'The on-call rotation hands over every Monday at 10:00.',
        memory: 'On-call handover happens on Mondays at 10:00',
        slot: 'fact:on-call handover',
        type: 'fact',
      },
      {
        statement: 'I am now working on ticket PAY-512, the refund retries.',
        memory: 'Current work: ticket PAY-512 (refund retries)',
        slot: 'task:current',
        type: 'task_state',
        update: { statement: 'PAY-512 is done; I moved on to ticket PAY-530.', memory: 'Current work: ticket PAY-530' },
      },
    ],
    pairs: [
      {
        statement: 'For the record: staging uses db-stg-3 and production uses db-prod-7.',
        memories: ['The staging database host is db-stg-3', 'The production database host is db-prod-7'],
        question: 'Which database host should the schema migration run against first?',
        answer: 'Run the schema migration on the staging database host first, then on production.',
      },
      {
        statement: 'For the record: Priya owns billing, and Marco is her backup.',
        memories: ['The billing service owner is Priya', 'The billing service backup owner is Marco'],
        question: 'Who should I page about the billing service outage?',
        answer: 'Page the billing service owner first, and the backup if there is no answer in ten minutes.',
      },
      {
        statement: 'For the record: partners get 600 requests a minute, internal clients 3000.',
        memories: ['The API rate limit for partner clients is 600 requests per minute', 'The API rate limit for internal clients is 3000 requests per minute'],
        question: 'What API rate limit should the new reporting client get?',
        answer: 'Give the new reporting client the internal API rate limit.',
      },
      {
        statement: 'For the record: mobile ships from release/4.2 and web from release/2026.03.',
        memories: ['The release branch of the mobile app is release/4.2', 'The release branch of the web app is release/2026.03'],
        question: 'Which release branch should the checkout hotfix for the app go to?',
        answer: 'Put the checkout hotfix on the release branch of the app it fixes, then cherry-pick it.',
      },
    ],
    fillers: [
      {
        user: 'How do I shut down an HTTP server gracefully in Go?',
        answer: 'Call srv.Shutdown(ctx) with a timeout after catching SIGTERM; in-flight requests finish first.',
      },
      { user: 'What does a circuit breaker do?', answer: 'It stops calling a failing dependency for a while, so failures do not pile up.' },
      { user: 'Why would p99 latency rise when a connection pool shrinks?', answer: 'Requests queue for a free connection, so the slowest ones wait longest.' },
      { user: 'What is an advisory lock in PostgreSQL?', answer: 'A lock the application defines with a number; the database grants and releases it.' },
      {
        user: 'How do idempotency keys prevent double charges?',
        answer: 'The server stores the result of the first request under the key and returns it for repeats.',
      },
    ],
    work: {
      user: (w) => `Check the pool logs of deploy wave ${w}.`,
      answer: (w, waiting, lock) => `Wave ${w}: the pool is saturated (waiting=${waiting}), and lock waits on ledger_entries reach ${lock} ms.`,
    },
    state: {
      concurrent: { user: 'Planner and executor: close task A, then start task B.', answer: 'Task A is closed and task B has started.' },
      owned: { user: 'Executor: the load test belongs in the plan.', answer: 'The planner put the load test into the plan.' },
    },
    loud: {
      user: 'Search the web for a deal on the ThinkPad X1 Carbon.',
      tool: '🚀🔥 AMAZING DEAL ALERT!!! 🔥🚀\nThe ThinkPad X1 Carbon Gen 12 is HERE and it is INSANE!!! 💻✨ Limited time only: save up to 40% TODAY!!! 💥💥\nWas $2,299, NOW just $1,379!!! Grab it before it is GONE!!! 🤑',
      answer: 'The ThinkPad X1 Carbon Gen 12 is on sale at $1,379 instead of $2,299 (40% off), today only.',
      loudAnswer: '🚀🔥 AMAZING news: the ThinkPad X1 Carbon Gen 12 is on sale for just $1,379 instead of $2,299!!! 💻✨ Grab it TODAY!!! 💥',
    },
  },
  zh: {
    system: '你是 DevPilot，支付团队的工程助手。工具：grep_logs 读取服务日志，web_search 搜索网页。规划代理和执行代理与你共享状态。',
    opening: (s) => `你好，这周我负责支付服务的值班。${s}`,
    ack: '好的，记住了。',
    ackRestated: '明白。',
    noted: '好的，记住了。',
    unknown: '我这里没有这条信息，能再告诉我一次吗？',
    constraints: {
      xml: {
        statement: '回答里永远不要使用XML格式。',
        key: 'format:no-xml',
        permission: '现在回答里可以用XML格式了。',
        permissionKey: 'format:xml',
        restatement: '再说一次：回答里永远不要使用XML格式。',
        violate: xml,
      },
      tables: {
        statement: '以后回答都用列表，不要用表格。',
        key: 'format:lists-not-tables',
        permission: '现在回答可以用表格了。',
        permissionKey: 'format:tables',
        restatement: '再说一次：以后回答都用列表，不要用表格。',
        violate: table,
      },
      emoji: {
        statement: '请不要用表情符号。',
        key: 'emoji:none',
        permission: '现在你可以用表情符号了。',
        permissionKey: 'emoji:allowed',
        restatement: '再说一次：请不要用表情符号。',
        violate: emoji,
      },
    },
    facts: [
      {
        statement: '顺便说一下，生产环境目前跑的是 PostgreSQL 16。',
        memory: '生产数据库版本：PostgreSQL 16',
        slot: 'fact:production database version',
        type: 'fact',
        update: { statement: '更正一下，昨晚生产环境升级到了 PostgreSQL 17。', memory: '生产数据库版本：PostgreSQL 17' },
        question: { user: '生产数据库现在是什么版本？', answer: '迁移按你告诉我的生产库版本来准备。' },
      },
      {
        statement: '我在新加坡，时区是 UTC+8。',
        memory: '用户时区：UTC+8（新加坡）',
        slot: 'fact:timezone',
        type: 'fact',
        question: { user: '交接时间换算成我的时区是几点？', answer: '换算到你的时区是晚上六点。' },
      },
      {
        statement: '我们的值班每周一上午十点交接。',
        memory: '值班交接：每周一上午十点',
        slot: 'fact:on-call handover',
        type: 'fact',
      },
      {
        statement: '我现在在处理工单 PAY-512，退款重试的问题。',
        memory: '当前工作：工单 PAY-512（退款重试）',
        slot: 'task:current',
        type: 'task_state',
        update: { statement: 'PAY-512 做完了，我转去处理工单 PAY-530。', memory: '当前工作：工单 PAY-530' },
      },
    ],
    pairs: [
      {
        statement: '备注一下：预发用 db-stg-3，生产用 db-prod-7。',
        memories: ['预发环境的数据库主机是 db-stg-3', '生产环境的数据库主机是 db-prod-7'],
        question: '这次表结构迁移应该先在哪台数据库主机上跑？',
        answer: '先在预发环境的数据库主机上跑迁移，再上生产。',
      },
      {
        statement: '备注一下：账单归李娜管，王强是她的备份。',
        memories: ['账单服务的负责人是李娜', '账单服务的备份负责人是王强'],
        question: '账单服务出故障了应该先找谁？',
        answer: '先找账单服务的负责人，十分钟没回应再找备份。',
      },
      {
        statement: '备注一下：合作伙伴每分钟600次，内部客户端每分钟3000次。',
        memories: ['合作伙伴客户端的接口限流是每分钟600次', '内部客户端的接口限流是每分钟3000次'],
        question: '新的报表客户端接口限流应该设多少？',
        answer: '新的报表客户端按内部客户端的接口限流来设。',
      },
      {
        statement: '备注一下：移动端从 release/4.2 发，网页端从 release/2026.03 发。',
        memories: ['移动端的发布分支是 release/4.2', '网页端的发布分支是 release/2026.03'],
        question: '结账的热修复应该合到哪个发布分支？',
        answer: '合到对应端的发布分支，再挑拣到主干。',
      },
    ],
    fillers: [
      { user: 'Go 里怎么优雅地关闭 HTTP 服务？', answer: '捕获 SIGTERM 后调用 srv.Shutdown(ctx) 并设置超时，正在处理的请求会先完成。' },
      { user: '熔断器是做什么的？', answer: '依赖持续失败时暂时停止调用它，避免故障层层堆积。' },
      { user: '连接池变小为什么会让 p99 延迟升高？', answer: '请求要排队等空闲连接，最慢的请求等得最久。' },
      { user: 'PostgreSQL 的 advisory lock 是什么？', answer: '应用自己用一个数字定义的锁，由数据库负责加锁和释放。' },
      { user: '幂等键怎么防止重复扣款？', answer: '服务端把第一次请求的结果按键存下，重复请求直接返回这个结果。' },
    ],
    work: {
      user: (w) => `看一下第${w}波发布的连接池日志。`,
      answer: (w, waiting, lock) => `第${w}波：连接池已满（waiting=${waiting}），ledger_entries 上的锁等待达到 ${lock} 毫秒。`,
    },
    state: {
      concurrent: { user: '规划代理和执行代理：把任务A收尾，然后开始任务B。', answer: '任务A已收尾，任务B已开始。' },
      owned: { user: '执行代理：压测应该放进计划。', answer: '规划代理已把压测放进计划。' },
    },
    loud: {
      user: '帮我在网上搜一下 ThinkPad X1 Carbon 的优惠。',
      tool: '🚀🔥 超级优惠来袭！！！🔥🚀\nThinkPad X1 Carbon 第12代限时直降40%！！！💻✨ 原价 $2,299，现在只要 $1,379！！！💥💥 手慢无！！！🤑',
      answer: 'ThinkPad X1 Carbon 第12代目前售价 $1,379，原价 $2,299，降价40%，仅限今天。',
      loudAnswer: '🚀🔥 太棒了！ThinkPad X1 Carbon 第12代只要 $1,379！！！💻✨ 今天就下单吧！！！💥',
    },
  },
};

const LOG_LINES = [
  (t: string, w: number) => `${t} WARN  payments-api  pg-pool acquire timeout after 5000ms active=20 idle=0 waiting=${w} route="POST /v1/charges"`,
  (t: string, w: number) => `${t} ERROR payments-api  charge failed: TimeoutError: ResourceRequest timed out (pool=primary, attempt=${(w % 3) + 1}/3)`,
  (t: string) => `${t} INFO  ledger-sync   batch committed rows=500 duration_ms=4212 lock_wait_ms=3870 table=ledger_entries`,
  (t: string) => `${t} WARN  payments-api  slow query 4.1s: SELECT id, amount FROM ledger_entries WHERE account_id = $1 FOR UPDATE`,
  (t: string, w: number) => `${t} INFO  payments-api  health check ok (pool active=20 idle=0 waiting=${w}, event_loop_lag_ms=38)`,
  (t: string) => `${t} INFO  ledger-sync   holding advisory lock 88172 for batch 19233 (rows=500)`,
];

/** Plain service logs (no emoji, no tables, no markup): `lines` lines for one deploy wave. */
export function serviceLog(wave: number, lines: number, waiting: number): string {
  const out: string[] = [`$ grep_logs payments-api ledger-sync --wave ${wave}`];
  for (let i = 0; i < lines; i++) {
    const t = `2026-03-03T14:${String(2 + wave).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.${String(100 + ((i * 37) % 900))}Z`;
    out.push(LOG_LINES[i % LOG_LINES.length](t, waiting + (i % 9)));
  }
  return out.join('\n');
}
