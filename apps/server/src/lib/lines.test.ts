import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from './lines.ts';

const collect = async (chunks: string[], max?: number) => {
  const lines = [];
  for await (const line of readLines(Readable.from(chunks), max)) lines.push(line);
  return lines;
};

describe('readLines', () => {
  it('numbers lines across chunk boundaries and strips CR', async () => {
    expect(await collect(['a\r\nb', 'c\n', '\nlast'])).toEqual([
      { number: 1, text: 'a', tooLong: false },
      { number: 2, text: 'bc', tooLong: false },
      { number: 3, text: '', tooLong: false },
      { number: 4, text: 'last', tooLong: false },
    ]);
  });

  it('reports an over-long line without keeping it, and goes on', async () => {
    const lines = await collect(['ok\n', 'x'.repeat(10), 'y'.repeat(10), '\nfine\n'], 15);
    expect(lines).toEqual([
      { number: 1, text: 'ok', tooLong: false },
      { number: 2, text: '', tooLong: true },
      { number: 3, text: 'fine', tooLong: false },
    ]);
  });
});
