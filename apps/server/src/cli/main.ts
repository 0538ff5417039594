import { openContext } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { HttpError } from '../http-error.ts';
import { translate } from '../locales/translate.ts';
import { CliUsageError } from './errors.ts';
import { ImportFailedError, trademarkCommand } from './trademark.ts';
import { userCommand } from './user.ts';

const USAGE = `Usage: npm run cli -- <command> ...
Commands:
  user create                 create a user
  user password               set a user's password
  trademark import FILE       import marks (JSON Lines, USPTO daily XML, TM-XML / ST.66; .gz, .zip)
  trademark generate          write a synthetic corpus of marks
  trademark reference-import  load Nice class reference data`;

const COMMANDS: Record<string, typeof userCommand> = {
  user: userCommand,
  trademark: trademarkCommand,
};

/** Runs one CLI command with the server's configuration; returns the process exit code. */
export async function runCli(argv: string[], out = console.log, err = console.error): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    err(USAGE);
    return 2;
  }
  let ctx: Awaited<ReturnType<typeof openContext>> | undefined;
  try {
    ctx = await openContext(loadConfig());
    out(await command(ctx, args));
    return 0;
  } catch (error) {
    if (error instanceof CliUsageError) {
      err(error.message);
      return 2;
    }
    if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      err(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ImportFailedError) {
      err(error.message);
      return 1;
    }
    if (error instanceof HttpError) {
      err(`Error: ${translate('en-US', error.messageKey, error.params)}`);
      return 1;
    }
    err(error instanceof Error ? `Error: ${error.message}` : String(error));
    return 1;
  } finally {
    await ctx?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
