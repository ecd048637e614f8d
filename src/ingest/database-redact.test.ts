import { describe, expect, it } from 'vitest';
import { parseTarget, redact } from './database.js';

describe('connection URLs in messages and reports', () => {
  it('lose the password after the user and every credential-named query parameter', () => {
    expect(redact('postgres://u:pw@h:5432/db?password=hunter2&sslmode=require&sslpassword=x&apiKey=k')).toBe('postgres://u@h:5432/db?sslmode=require');
    expect(parseTarget('postgres://u@h/db?password=hunter2&session=s7', 'langgraph').display).toBe('postgres://u@h/db');
    // a URL that does not parse: the same, by pattern
    expect(redact('postgres://u:pw@h:99999/db?password=hunter2')).not.toMatch(/pw|hunter2/);
  });
});
