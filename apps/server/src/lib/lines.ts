import type { Readable } from 'node:stream';

export interface Line {
  number: number;
  text: string;
  /** True when the line was longer than the limit; `text` is then empty. */
  tooLong: boolean;
}

/**
 * The lines of a text stream with their numbers. A line longer than `maxLength` characters is reported as too long
 * and skipped without being held in memory, so one hostile line cannot exhaust it.
 */
export async function* readLines(input: Readable, maxLength = 1_000_000): AsyncGenerator<Line> {
  let number = 0;
  let buffer = '';
  let overflow = false;
  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    let start = 0;
    for (let index = chunk.indexOf('\n'); index !== -1; index = chunk.indexOf('\n', start)) {
      number += 1;
      const piece = chunk.slice(start, index);
      if (overflow || buffer.length + piece.length > maxLength) yield { number, text: '', tooLong: true };
      else yield { number, text: (buffer + piece).replace(/\r$/, ''), tooLong: false };
      buffer = '';
      overflow = false;
      start = index + 1;
    }
    const rest = chunk.slice(start);
    if (overflow || buffer.length + rest.length > maxLength) {
      overflow = true;
      buffer = '';
    } else {
      buffer += rest;
    }
  }
  if (overflow) yield { number: number + 1, text: '', tooLong: true };
  else if (buffer.length > 0) yield { number: number + 1, text: buffer.replace(/\r$/, ''), tooLong: false };
}
