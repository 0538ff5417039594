import { isRecord } from './is-record.ts';
import { USPTO_COORDINATED_CLASSES } from './uspto-coordinated.ts';

/** Per Nice class, the classes associated with it. */
export type CoordinatedClasses = Readonly<Record<number, readonly number[]>>;

/** Two classes associated with each other, smaller first. */
export type ClassPair = readonly [number, number];

export interface AssociationTables {
  /** USPTO coordinated classes; associations go from a class to its list. */
  readonly coordinated?: CoordinatedClasses;
  /** CNIPA similar-group relations between classes; associations go both ways. */
  readonly similarGroupPairs?: readonly ClassPair[];
}

/** The built-in USPTO table, used when no tables are given. */
export const DEFAULT_ASSOCIATION_TABLES: AssociationTables = Object.freeze({
  coordinated: USPTO_COORDINATED_CLASSES,
});

/** Classes associated with one class, ascending, without the class itself. */
export function classAssociations(
  cls: number,
  tables: AssociationTables = DEFAULT_ASSOCIATION_TABLES,
): number[] {
  return associatedClasses([cls], tables, false);
}

/**
 * Classes associated with the selected ones under the given tables, ascending. Selected classes are left out unless
 * `includeSelected`: a class the user already chose is not news to them.
 */
export function associatedClasses(
  selected: readonly number[],
  tables: AssociationTables = DEFAULT_ASSOCIATION_TABLES,
  includeSelected = false,
): number[] {
  const chosen = new Set(selected);
  const found = new Set<number>();
  for (const cls of chosen) for (const other of tables.coordinated?.[cls] ?? []) found.add(other);
  for (const [a, b] of tables.similarGroupPairs ?? []) {
    if (chosen.has(a)) found.add(b);
    if (chosen.has(b)) found.add(a);
  }
  if (!includeSelected) for (const cls of chosen) found.delete(cls);
  return [...found].sort((a, b) => a - b);
}

function isNiceClass(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 45;
}

/**
 * Reads a coordinated-classes table shaped `{ classes: { "1": [5, 17, …], … } }` (the shape of
 * `coordinated-classes.us.json`); a bare `{ "1": [...] }` is accepted too. Throws a TypeError naming the first
 * problem: a key or a listed class outside 1–45, or a list that is not an array.
 */
export function parseCoordinatedClasses(json: unknown): CoordinatedClasses {
  if (!isRecord(json)) throw new TypeError('coordinated classes: expected an object');
  const classes = 'classes' in json ? json.classes : json;
  if (!isRecord(classes)) throw new TypeError('coordinated classes: "classes" must be an object');
  const table: Record<number, readonly number[]> = {};
  for (const [key, list] of Object.entries(classes)) {
    const cls = Number(key);
    if (!isNiceClass(cls)) throw new TypeError(`coordinated classes: "${key}" is not a Nice class`);
    if (!Array.isArray(list)) throw new TypeError(`coordinated classes: class ${cls} must list classes`);
    const others = list.map((other: unknown) => {
      if (!isNiceClass(other))
        throw new TypeError(`coordinated classes: class ${cls} lists ${String(other)}`);
      return other;
    });
    table[cls] = Object.freeze([...new Set(others)].sort((a, b) => a - b));
  }
  return Object.freeze(table);
}

/**
 * Derives cross-class associations from CNIPA similar groups shaped like `similar-groups.zh.json`: a list of
 * `{ class, group, relatedGroups? }`. Two classes are associated when a group of one and a group of the other name
 * each other in `relatedGroups`; a one-sided mention, or one naming a group the table does not have, is not enough.
 * Returns each pair once, smaller class first, sorted.
 */
export function parseSimilarGroupRelations(json: unknown): ClassPair[] {
  if (!Array.isArray(json)) throw new TypeError('similar groups: expected a list of groups');
  const related = new Map<string, { cls: number; names: ReadonlySet<string> }>();
  json.forEach((entry: unknown, index) => {
    if (!isRecord(entry)) throw new TypeError(`similar groups: entry ${index} is not an object`);
    const { class: cls, group, relatedGroups } = entry;
    if (!isNiceClass(cls)) throw new TypeError(`similar groups: entry ${index} has no valid class`);
    if (typeof group !== 'string' || group.length === 0) {
      throw new TypeError(`similar groups: entry ${index} has no group code`);
    }
    if (
      relatedGroups !== undefined &&
      !(Array.isArray(relatedGroups) && relatedGroups.every((g) => typeof g === 'string'))
    ) {
      throw new TypeError(`similar groups: group ${group} has relatedGroups that are not group codes`);
    }
    related.set(group, { cls, names: new Set((relatedGroups as string[] | undefined) ?? []) });
  });
  const pairs = new Set<string>();
  for (const [group, { cls, names }] of related) {
    for (const name of names) {
      const other = related.get(name);
      if (other === undefined || other.cls === cls || !other.names.has(group)) continue;
      pairs.add(cls < other.cls ? `${cls}-${other.cls}` : `${other.cls}-${cls}`);
    }
  }
  return [...pairs]
    .map((pair) => pair.split('-').map(Number) as unknown as ClassPair)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}
