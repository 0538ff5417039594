import { ClassSets } from './class-sets.ts';
import { DesignationSets } from './designation-sets.ts';
import { classWord, DEAD_STATUS, statusCode } from './filters.ts';
import { type NarrowColumn, resize, type Sized, storeWidening } from './growable.ts';
import { StringInterner } from './interner.ts';
import { SlotTable } from './slot-table.ts';
import { SnapshotError, type SnapshotReader, type SnapshotWriter } from './snapshot-file.ts';
import type { MarkRecord } from './types.ts';

// Removed marks are squeezed out once they are this share of the rows.
const COMPACT_SHARE = 0.25;
const COMPACT_MINIMUM = 10_000;
const MAX_DATASETS = 256;

/**
 * Marks as rows of typed columns: id, name (form), dataset code, status code, the number of the mark's combination of
 * classes (`ClassSets`) and the number of its designation list (`DesignationSets`, 0 for none). A removed mark keeps
 * its row with a dead status until `compact` renumbers the rows; rows keep the order marks were added in, which
 * ranking breaks ties by.
 *
 * Both set numbers are 16 bits until a register has more than 65,535 distinct sets of a kind (`storeWidening`):
 * combinations of classes and designation lists are few, so as two masks and a 32-bit list number they were 12 of a
 * mark's 22 bytes, mostly the same few values over and over; as two 16-bit numbers a mark is 14 bytes.
 *
 * A mark is found by id without a table over every row: registers are loaded in id order, so the first rows
 * (`#sortedRows`, the longest run of strictly increasing ids from row 0) are searched by bisecting the id column. Only
 * the live rows after that run (a mark added again after its removal, ids arriving out of order) are listed in a
 * `SlotTable`, which loaded in order stays empty: a table over every row was 8 MB of a million marks. An id is
 * live in one row at most: whoever adds a mark whose id may be live removes that one first (as `TrademarkIndex.add`
 * does).
 */
export class MarkTable {
  /** Whole numbers under 2^32 (database ids) in 32 bits; the first id that is not makes the column doubles. */
  ids: Uint32Array | Float64Array = new Uint32Array(1024);
  form = new Uint32Array(1024);
  dataset = new Uint8Array(1024);
  status = new Uint8Array(1024);
  /** Set number in `classSets` per mark: read the masks through `classLowOf` and `classHighOf`. */
  classSet: NarrowColumn = new Uint16Array(1024);
  readonly classSets = new ClassSets();
  designationSet: NarrowColumn = new Uint16Array(1024);
  readonly designationSets = new DesignationSets();
  /** Rows in use, live or dead. */
  rows = 0;
  #dead = 0;
  /** Rows from 0 whose ids strictly increase: always the longest such run, so it follows from the ids alone. */
  #sortedRows = 0;
  /** The row of each live mark after the sorted rows, by the id in its row. */
  #unsorted = this.#slotTable(0);
  readonly #datasets = new StringInterner();
  /** Dataset code per dataset as written, so each mark costs a lookup and no upper-casing. */
  readonly #datasetCodes = new Map<string, number>();

  /** Live marks. */
  get size(): number {
    return this.rows - this.#dead;
  }

  /** Live marks whose row is found through the hash table (after the rows in id order); none when loaded in order. */
  get listedRows(): number {
    return this.#unsorted.size;
  }

  /** Classes 1–32 of the mark in `row`, as a bit mask (`classMask`). */
  classLowOf(row: number): number {
    return this.classSets.low(this.classSet[row] as number);
  }

  /** Classes 33–45 of the mark in `row`, as a bit mask (`classMask`). */
  classHighOf(row: number): number {
    return this.classSets.high(this.classSet[row] as number);
  }

  has(id: number): boolean {
    return this.#rowOf(id) >= 0;
  }

  /** The code of a dataset, or -1 when no mark was ever filed there. */
  datasetCode(dataset: string): number {
    return this.#datasets.find(dataset.toUpperCase());
  }

  /** Makes room for `count` more marks at once, ahead of a bulk load. */
  reserve(count: number): void {
    // The hash table is left to grow as it needs: a load in id order lists nothing there.
    if (this.rows + count > this.ids.length) this.#resize(this.rows + count, true);
  }

  /** Adds a mark of `form` and returns its row. No live mark may have its id (`remove` it first). */
  append(record: MarkRecord, form: number): number {
    const row = this.rows++;
    if (row >= this.ids.length) this.#resize(row + 1, false);
    if (this.ids instanceof Uint32Array && record.id >>> 0 !== record.id)
      this.ids = Float64Array.from(this.ids);
    const sorted = this.#sortedRows === row && (row === 0 || record.id > (this.ids[row - 1] as number));
    this.ids[row] = record.id;
    this.form[row] = form;
    this.dataset[row] = this.#datasetCode(record.dataset);
    this.status[row] = statusCode(record.status);
    const classes = this.classSets.intern(
      classWord(record.niceClass, false),
      classWord(record.niceClass, true),
    );
    this.classSet = storeWidening(this.classSet, row, classes);
    this.designationSet = storeWidening(
      this.designationSet,
      row,
      this.designationSets.intern(record.designations),
    );
    if (sorted) this.#sortedRows++;
    else this.#unsorted.set(row);
    return row;
  }

  #datasetCode(dataset: string): number {
    let code = this.#datasetCodes.get(dataset);
    if (code === undefined) {
      code = this.#datasets.intern(dataset.toUpperCase());
      if (code >= MAX_DATASETS) throw new RangeError(`more than ${MAX_DATASETS} datasets`);
      this.#datasetCodes.set(dataset, code);
    }
    return code;
  }

  /** Marks a mark dead; false when the id is not in the table. */
  remove(id: number): boolean {
    const row = this.#rowOf(id);
    if (row < 0) return false;
    if (row >= this.#sortedRows) this.#unsorted.delete(id);
    this.status[row] = DEAD_STATUS;
    this.#dead++;
    return true;
  }

  /** Whether enough rows are dead to be worth renumbering. */
  get wantsCompaction(): boolean {
    return this.#dead > Math.max(COMPACT_MINIMUM, this.rows * COMPACT_SHARE);
  }

  /** Renumbers the live rows densely, calling `moved` with each live row's new number in order. */
  compact(moved: (row: number) => void): void {
    let next = 0;
    for (let row = 0; row < this.rows; row++) {
      if (this.status[row] === DEAD_STATUS) continue;
      this.ids[next] = this.ids[row] as number;
      this.form[next] = this.form[row] as number;
      this.dataset[next] = this.dataset[row] as number;
      this.status[next] = this.status[row] as number;
      this.classSet[next] = this.classSet[row] as number;
      this.designationSet[next] = this.designationSet[row] as number;
      moved(next);
      next++;
    }
    this.rows = next;
    this.#dead = 0;
    this.#listRows();
  }

  /** Gives back the spare capacity of doubling, after a bulk load. */
  trim(): void {
    this.#resize(this.rows, true);
  }

  save(out: SnapshotWriter): void {
    for (const [name, column] of this.#columns()) out.array(name, column, this.rows);
    out.value('dead', this.#dead);
    this.#datasets.save(out, 'datasets');
    this.classSets.save(out.child('classes'));
    this.designationSets.save(out.child('designations'));
  }

  /** Takes saved marks into this empty table. */
  restore(from: SnapshotReader): void {
    this.ids = from.array<Uint32Array | Float64Array>('ids', Uint32Array, Float64Array);
    this.form = from.array('form', Uint32Array);
    this.dataset = from.array('dataset', Uint8Array);
    this.status = from.array('status', Uint8Array);
    // Saved in whichever width the columns had reached.
    this.classSet = from.array<NarrowColumn>('classSet', Uint16Array, Uint32Array);
    this.designationSet = from.array<NarrowColumn>('designationSet', Uint16Array, Uint32Array);
    this.rows = this.ids.length;
    if (this.#columns().some(([, column]) => column.length !== this.rows))
      throw new SnapshotError('corrupt', 'mark columns');
    this.#datasets.restore(from, 'datasets');
    this.classSets.restore(from.child('classes'));
    this.designationSets.restore(from.child('designations'));
    // A set number past its table would read no set or a later one, silently: only here is it caught.
    if (!within(this.classSet, this.rows, this.classSets.size))
      throw new SnapshotError('corrupt', 'class set numbers');
    if (!within(this.designationSet, this.rows, this.designationSets.size))
      throw new SnapshotError('corrupt', 'designation set numbers');
    this.#dead = from.count('dead');
    let dead = 0;
    for (let row = 0; row < this.rows; row++) if (this.status[row] === DEAD_STATUS) dead++;
    if (dead !== this.#dead) throw new SnapshotError('corrupt', 'dead marks');
    // The sorted rows and the hash table follow from the ids, so the snapshot keeps neither.
    if (!this.#listRows()) throw new SnapshotError('corrupt', 'mark ids');
  }

  get bytes(): number {
    return this.#columns().reduce(
      (sum, [, column]) => sum + column.byteLength,
      this.#unsorted.bytes + this.classSets.bytes + this.designationSets.bytes,
    );
  }

  /** The row of the live mark `id`, or -1. */
  #rowOf(id: number): number {
    const row = this.#sortedRow(id);
    if (row >= 0 && this.status[row] !== DEAD_STATUS) return row;
    return this.#unsorted.size === 0 ? -1 : (this.#unsorted.get(id) ?? -1);
  }

  /** The sorted row holding `id`, live or dead, or -1. */
  #sortedRow(id: number): number {
    const ids = this.ids;
    const end = this.#sortedRows;
    // A load in id order asks for each new id before adding it (to replace a mark of that id): past the last.
    if (end === 0 || id > (ids[end - 1] as number)) return -1;
    let low = 0;
    let high = end - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((ids[middle] as number) < id) low = middle + 1;
      else high = middle;
    }
    return ids[low] === id ? low : -1;
  }

  /**
   * Takes the sorted rows as the longest run of increasing ids from row 0 and lists the live rows after it in a new
   * hash table; false when a live id is in two rows.
   */
  #listRows(): boolean {
    const ids = this.ids;
    let sorted = this.rows === 0 ? 0 : 1;
    while (sorted < this.rows && (ids[sorted] as number) > (ids[sorted - 1] as number)) sorted++;
    this.#sortedRows = sorted;
    let live = 0;
    for (let row = sorted; row < this.rows; row++) if (this.status[row] !== DEAD_STATUS) live++;
    this.#unsorted = this.#slotTable(live);
    let unique = true;
    for (let row = sorted; row < this.rows; row++) {
      if (this.status[row] === DEAD_STATUS) continue;
      const sortedRow = this.#sortedRow(ids[row] as number);
      if (sortedRow >= 0 && this.status[sortedRow] !== DEAD_STATUS) unique = false;
      this.#unsorted.set(row);
    }
    // The table keeps one row per id: a second live row of an id took the first one's place.
    return unique && this.#unsorted.size === live;
  }

  #slotTable(capacity: number): SlotTable {
    return new SlotTable((row) => this.ids[row] as number, capacity);
  }

  /** The per-mark columns by name, as a snapshot keeps them. */
  #columns(): [string, Sized][] {
    return [
      ['ids', this.ids],
      ['form', this.form],
      ['dataset', this.dataset],
      ['status', this.status],
      ['classSet', this.classSet],
      ['designationSet', this.designationSet],
    ];
  }

  #resize(count: number, exact: boolean): void {
    const size = <T extends Sized>(array: T): T => resize(array, count, exact);
    this.ids = size(this.ids);
    this.form = size(this.form);
    this.dataset = size(this.dataset);
    this.status = size(this.status);
    this.classSet = size(this.classSet);
    this.designationSet = size(this.designationSet);
  }
}

/** Whether the first `rows` numbers of `column` are all under `size`. */
function within(column: NarrowColumn, rows: number, size: number): boolean {
  for (let row = 0; row < rows; row++) if ((column[row] as number) >= size) return false;
  return true;
}
