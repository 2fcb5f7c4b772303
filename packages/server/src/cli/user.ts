// `npm run user -- add <username>`, `passwd <username>`, `role <username> <role>`, `disable <username>`
// and `enable <username>`: manage console users in
// the database named by DATABASE_URL (the same one the server uses).
import { createInterface } from 'node:readline/promises';
import { Command } from 'commander';
import { ConfigError, loadConfig } from '../config';
import { checkConnection, migrateToLatest, openDatabase } from '../db/database';
import { ROLES, type Role } from '../contract/users';
import { AppError } from '../errors';
import { createUsersRepository } from '../modules/users/repository';
import { createUsersService } from '../modules/users/service';

async function readPassword(given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  if (process.env.PROVISOR_USER_PASSWORD) return process.env.PROVISOR_USER_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  try {
    if (!process.stdin.isTTY) {
      for await (const line of rl) return line;
      return '';
    }
    return await rl.question('Password: ');
  } finally {
    rl.close();
  }
}

async function withUsers(
  fn: (users: ReturnType<typeof createUsersService>) => Promise<string>,
): Promise<void> {
  const config = loadConfig();
  // A few statements and out: no checkpoint worker (db/checkpointer.ts).
  const handle = openDatabase(config.database, { checkpointIntervalMs: 0 });
  try {
    await checkConnection(handle);
    await migrateToLatest(handle.db);
    console.log(await fn(createUsersService(createUsersRepository(handle.db))));
  } finally {
    await handle.destroy();
  }
}

function roleOf(role: string): Role {
  if (!(ROLES as readonly string[]).includes(role))
    throw new AppError(400, 'Invalid role', `A role is one of ${ROLES.join(', ')}; "${role}" is not.`);
  return role as Role;
}

const program = new Command()
  .name('npm run user --')
  .description('Manage Provisor console users (uses DATABASE_URL, default sqlite:./data/provisor.db)')
  .showHelpAfterError();

program
  .command('add')
  .description('add a user')
  .argument('<username>')
  .option('-p, --password <password>', 'the password (else PROVISOR_USER_PASSWORD, else asked)')
  .option('-r, --role <role>', `the role: ${ROLES.join(' | ')}`, 'admin')
  .action(async (username: string, opts: { password?: string; role: string }) => {
    const role = roleOf(opts.role);
    const password = await readPassword(opts.password);
    await withUsers(async (users) => {
      await users.addUser(username, password, role);
      return `Added user "${username}".`;
    });
  });

program
  .command('passwd')
  .description("change a user's password")
  .argument('<username>')
  .option('-p, --password <password>', 'the new password (else PROVISOR_USER_PASSWORD, else asked)')
  .action(async (username: string, opts: { password?: string }) => {
    const password = await readPassword(opts.password);
    await withUsers(async (users) => {
      await users.changePassword(username, password);
      return `Changed the password of "${username}".`;
    });
  });

program
  .command('role')
  .description("set a user's role: admin (everything), operator (no settings or users), viewer (read only)")
  .argument('<username>')
  .argument('<role>', ROLES.join(' | '))
  .action(async (username: string, role: string) => {
    await withUsers(async (users) => {
      await users.updateByUsername(username, { role: roleOf(role) });
      return `"${username}" is now ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.`;
    });
  });

for (const [name, disabled] of [
  ['disable', true],
  ['enable', false],
] as const)
  program
    .command(name)
    .description(
      disabled ? 'disable a user (their sessions end; they cannot sign in)' : 'enable a disabled user',
    )
    .argument('<username>')
    .action(async (username: string) => {
      await withUsers(async (users) => {
        await users.updateByUsername(username, { disabled });
        return `${disabled ? 'Disabled' : 'Enabled'} "${username}".`;
      });
    });

program.parseAsync().catch((err: unknown) => {
  if (err instanceof AppError) console.error(`${err.error}: ${err.message}`);
  else if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else console.error((err as Error).message);
  process.exit(1);
});
