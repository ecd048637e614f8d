import { describe, expect, it } from 'vitest';
import { splitEscapes } from './input-guard.js';

describe('splitEscapes: a lone Esc is a key of its own', () => {
  it('parts Esc from the key read with it (Ink read "Esc /" as "/" and lost the Esc)', () => {
    expect(splitEscapes('\u001b/')).toEqual(['\u001b', '/']);
    expect(splitEscapes('\u001b?')).toEqual(['\u001b', '?']);
    expect(splitEscapes('\u001b ')).toEqual(['\u001b', ' ']);
    expect(splitEscapes('\u001bj')).toEqual(['\u001b', 'j']);
    expect(splitEscapes('\u001b\u001b')).toEqual(['\u001b', '\u001b']);
    expect(splitEscapes('/zh\r\u001b')).toEqual(['/zh\r', '\u001b']);
  });

  it('leaves escape sequences and plain text whole', () => {
    for (const s of ['\u001b[A', '\u001b[5~', '\u001bOP', '\u001b[1;5C', 'jjk', '/限时秒杀\r', '']) {
      expect(splitEscapes(s)).toEqual(s ? [s] : []);
    }
    expect(splitEscapes('j\u001b[Bk')).toEqual(['j\u001b[Bk']);
    expect(splitEscapes('\u001b\u001b[A')).toEqual(['\u001b', '\u001b[A']);
  });
});
