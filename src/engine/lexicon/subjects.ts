/**
 * Data, not code: the subjects a memory can be about and the values that exclude each other
 * within one subject ("we use Postgres" and "we switched to MySQL" are both about the database).
 * Values are matched as whole words (Latin) or substrings (CJK), case-insensitively.
 * A new subject or value is a new line here; conflicts.ts reads it.
 */
export const SUBJECT_VALUES: Readonly<Record<string, readonly string[]>> = {
  database: [
    'postgres',
    'postgresql',
    'mysql',
    'mariadb',
    'sqlite',
    'mongodb',
    'mongo',
    'oracle',
    'sql server',
    'mssql',
    'dynamodb',
    'cassandra',
    'cockroachdb',
    'tidb',
    'clickhouse',
  ],
  cache: ['redis', 'memcached', 'valkey'],
  queue: ['kafka', 'rabbitmq', 'sqs', 'pulsar', 'nats'],
  cloud: ['aws', 'gcp', 'google cloud', 'azure', '阿里云', '腾讯云', 'alibaba cloud'],
  language: ['golang', 'rust', 'python', 'java', 'kotlin', 'typescript', 'javascript', 'ruby', 'c#', 'php', 'scala', 'elixir'],
  frontend: ['react', 'vue', 'angular', 'svelte'],
  orchestrator: ['kubernetes', 'k8s', 'nomad', 'ecs', 'docker swarm'],
  ci: ['github actions', 'gitlab ci', 'jenkins', 'circleci', 'buildkite'],
  theme: ['dark theme', 'light theme', 'dark mode', 'light mode', '深色', '浅色', '暗色', '亮色'],
  drink: ['coffee', 'tea', '咖啡', '茶'],
};

/** Aliases that name the same value (so "Postgres" and "PostgreSQL" do not conflict). */
export const VALUE_ALIASES: Readonly<Record<string, string>> = {
  postgresql: 'postgres',
  mongo: 'mongodb',
  k8s: 'kubernetes',
  mssql: 'sql server',
  'google cloud': 'gcp',
  'dark mode': 'dark theme',
  'light mode': 'light theme',
  深色: 'dark theme',
  暗色: 'dark theme',
  浅色: 'light theme',
  亮色: 'light theme',
  咖啡: 'coffee',
  茶: 'tea',
};

/**
 * Words that mark a statement as replacing an earlier one, per language: with one of them, two
 * memories naming different values of one subject conflict even when they share no other word.
 */
export const CHANGE_MARKERS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'switched to',
    'switch to',
    'moved to',
    'move to',
    'migrated to',
    'migrate to',
    'changed to',
    'replaced',
    'instead of',
    'no longer',
    'not anymore',
    'now use',
    'now uses',
    'now using',
    'actually',
    'correction',
  ],
  zh: ['改用', '换成', '换用', '改成', '迁移到', '迁到', '不再', '不对', '不是', '其实', '现在用', '已经换'],
};
