import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';

/** One element of a record, by its local name (any namespace prefix dropped, so every office's namespace reads alike). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export interface XmlRecord {
  kind: 'record';
  element: XmlElement;
  /** Where the record starts: its line, and its place among the file's records (1 = first). */
  line: number;
  position: number;
  /** Why the parser refused part of the record (an entity it does not expand, a record too large): not imported. */
  fault?: string;
}

/** The file stops being readable here (not well-formed XML): what came before stands, nothing after is read. */
export interface XmlFault {
  kind: 'fault';
  line: number;
  message: string;
}

/** Whether an element, given its local name and its ancestors' (outermost first), is one whole record. */
export type RecordMatcher = (name: string, ancestors: readonly string[]) => boolean;

const MAX_RECORD_ELEMENTS = 20_000;
const MAX_RECORD_TEXT = 2_000_000;

/**
 * Complaints about one entity reference (`&xxe;`, `&lol9;`): the parser substitutes nothing, so the record holding it
 * is refused and the rest of the file is read on. Any other complaint means the file is not well-formed.
 */
const ENTITY_FAULT = /entity/i;

export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams the records of an XML file as small element trees, so a file of any size is read in constant memory. No
 * entity is ever expanded beyond XML's five (a DOCTYPE's declarations are ignored, never fetched), and a record whose
 * text held any other entity comes with a `fault` instead of being passed on with the reference as text.
 */
export async function* readXmlRecords(
  input: Readable,
  isRecord: RecordMatcher,
): AsyncGenerator<XmlRecord | XmlFault> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const ancestors: string[] = [];
  /** The open elements of the record being read, outermost (the record) first. */
  const open: XmlElement[] = [];
  let current: XmlRecord | undefined;
  let elements = 0;
  let textLength = 0;
  let position = 0;
  let fatal: XmlFault | undefined;
  const ready: XmlRecord[] = [];

  const refuse = (message: string) => {
    if (current && !current.fault) current.fault = message;
  };

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (current) {
      elements += 1;
      if (elements > MAX_RECORD_ELEMENTS) refuse(`record has more than ${MAX_RECORD_ELEMENTS} elements`);
      if (!current.fault) {
        const element: XmlElement = {
          name,
          attributes: tag.attributes as Record<string, string>,
          children: [],
          text: '',
        };
        open.at(-1)?.children.push(element);
        open.push(element);
      } else open.push(open.at(-1) as XmlElement);
    } else if (isRecord(name, ancestors)) {
      position += 1;
      const element: XmlElement = {
        name,
        attributes: tag.attributes as Record<string, string>,
        children: [],
        text: '',
      };
      current = { kind: 'record', element, line: parser.line, position };
      open.push(element);
      elements = 1;
      textLength = 0;
    }
    ancestors.push(name);
  });
  parser.on('text', (chunk) => {
    const element = open.at(-1);
    if (!current || !element || current.fault) return;
    textLength += chunk.length;
    if (textLength > MAX_RECORD_TEXT) refuse(`record holds more than ${MAX_RECORD_TEXT} characters of text`);
    else element.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    const element = open.at(-1);
    if (current && element && !current.fault) element.text += chunk;
  });
  parser.on('closetag', () => {
    ancestors.pop();
    if (!current) return;
    open.pop();
    if (open.length === 0) {
      ready.push(current);
      current = undefined;
    }
  });
  parser.on('error', (error) => {
    const message = error.message.split('\n')[0] ?? String(error);
    if (ENTITY_FAULT.test(message)) {
      refuse(
        `the parser refused it: ${message.replace(/^[^:]*:\d+:\d+: /, '')} (entities are never expanded)`,
      );
      return;
    }
    fatal ??= { kind: 'fault', line: parser.line, message: `XML is not well formed: ${message}` };
  });

  input.setEncoding('utf8');
  for await (const chunk of input as AsyncIterable<string>) {
    parser.write(chunk);
    yield* ready.splice(0);
    if (fatal) break;
  }
  if (!fatal) parser.close();
  yield* ready.splice(0);
  if (!fatal && current) {
    fatal = { kind: 'fault', line: parser.line, message: 'XML ends inside a record (the file is truncated)' };
  }
  if (fatal) {
    if (current) {
      const unfinished: XmlRecord = current;
      unfinished.fault = `record cut off: ${fatal.message}`;
      yield unfinished;
    }
    yield fatal;
  }
}

/** The first child with this local name. */
export const child = (element: XmlElement | undefined, name: string) =>
  element?.children.find((candidate) => candidate.name === name);

/** Every element with this local name below `element`, in document order. */
export function descendants(element: XmlElement | undefined, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const next of node.children) {
      if (next.name === name) found.push(next);
      visit(next);
    }
  };
  if (element) visit(element);
  return found;
}

/** The trimmed text of the element at a path of local names (`text(record, 'WordMarkSpecification', 'MarkVerbalElementText')`). */
export function text(element: XmlElement | undefined, ...path: string[]): string | undefined {
  let node = element;
  for (const name of path) node = child(node, name);
  const value = node?.text.trim();
  return value ? value : undefined;
}
