/** A mistake in how the command was called: printed with its usage, exit code 2. */
export class CliUsageError extends Error {}
