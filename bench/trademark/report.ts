export interface SystemRow {
  readonly name: string;
  readonly settings: string;
  readonly buildMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly recall: number;
  /** Relevance pairs the recall was measured on. */
  readonly recallPairs: number;
  readonly queries: number;
}

export interface TargetCheck {
  readonly target: number | boolean;
  readonly value: number | boolean;
  readonly met: boolean;
}

function cell(value: string, width: number): string {
  return value.padEnd(width);
}

/** The comparison as a Markdown table, one system per row. */
export function formatTable(rows: readonly SystemRow[]): string {
  const header = ['system', 'settings', 'build', 'p50', 'p95', 'recall@10', 'queries'];
  const lines = rows.map((row) => [
    row.name,
    row.settings,
    `${(row.buildMs / 1000).toFixed(1)} s`,
    `${row.p50Ms.toFixed(2)} ms`,
    `${row.p95Ms.toFixed(2)} ms`,
    `${row.recall.toFixed(3)} (${row.recallPairs} pairs)`,
    String(row.queries),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] as string).length)),
  );
  const render = (cells: readonly string[]): string =>
    `| ${cells.map((value, i) => cell(value, widths[i] as number)).join(' | ')} |`;
  return [
    render(header),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...lines.map(render),
  ].join('\n');
}

export function formatChecks(checks: Readonly<Record<string, TargetCheck>>): string {
  return Object.entries(checks)
    .map(
      ([name, check]) =>
        `${check.met ? 'MET    ' : 'NOT MET'}  ${name}: ${String(check.value)} (target ${String(check.target)})`,
    )
    .join('\n');
}
