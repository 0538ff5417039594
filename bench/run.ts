// `npm run bench -- <name> [options]`: runs one benchmark, or all of them without a name.
// Each prints a table and writes bench/results/<name>.json.
const BENCHES: Record<string, () => Promise<(args: string[]) => Promise<void>>> = {
  'api-lists': async () => (await import('./api-lists.ts')).runApiListsBench,
  trademark: async () => (await import('./trademark.ts')).runTrademarkBench,
  notifications: async () => (await import('./notifications.ts')).runNotificationsBench,
  import: async () => (await import('./import.ts')).runImportBench,
  export: async () => (await import('./export.ts')).runExportBench,
  watch: async () => (await import('./watch.ts')).runWatchBench,
};

const [name, ...args] = process.argv.slice(2);
const selected = name ? [name] : Object.keys(BENCHES);
for (const bench of selected) {
  const load = BENCHES[bench];
  if (!load) {
    console.error(`Unknown benchmark "${bench}". Choose one of: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${bench} ==`);
  await (await load())(name ? args : []);
}

export {};
