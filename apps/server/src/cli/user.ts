import { parseArgs } from 'node:util';
import type { AppContext } from '../context.ts';
import { recordAudit } from '../modules/audit/audit.ts';
import { createUser, setPassword } from '../modules/users/service.ts';
import { CliUsageError } from './errors.ts';

const USAGE = `Usage:
  npm run cli -- user create --username U --password P --role R [--customer NAME] [--name DISPLAY] [--phone P] [--email E]
  npm run cli -- user password --username U --password P`;

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new CliUsageError(`--${name} is required.\n${USAGE}`);
  return value;
}

export async function userCommand(ctx: AppContext, args: string[]): Promise<string> {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      customer: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
    },
    strict: true,
  });
  if (action === 'create') {
    const username = required(values, 'username');
    const id = await createUser(ctx.db, {
      username,
      password: required(values, 'password'),
      role: required(values, 'role'),
      customerName: values.customer,
      displayName: values.name,
      phone: values.phone,
      email: values.email,
    });
    await recordAudit(ctx.db, { actorLabel: 'cli', action: 'user.create', entityType: 'user', entityId: id });
    return `Created user ${username} (id ${id}).`;
  }
  if (action === 'password') {
    const username = required(values, 'username');
    await setPassword(ctx.db, username, required(values, 'password'));
    await recordAudit(ctx.db, {
      actorLabel: 'cli',
      action: 'user.password',
      entityType: 'user',
      entityId: username,
    });
    return `Password of ${username} changed; their sessions were ended.`;
  }
  throw new CliUsageError(USAGE);
}
