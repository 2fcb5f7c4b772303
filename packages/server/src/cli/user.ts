// `npm run user -- add <username>` and `npm run user -- passwd <username>`: manage console users in
// the database named by DATABASE_URL (the same one the server uses).
import { createInterface } from 'node:readline/promises';
import { Command } from 'commander';
import { ConfigError, loadConfig } from '../config';
import { checkConnection, migrateToLatest, openDatabase } from '../db/database';
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
  const handle = openDatabase(config.database);
  try {
    await checkConnection(handle);
    await migrateToLatest(handle.db);
    console.log(await fn(createUsersService(createUsersRepository(handle.db))));
  } finally {
    await handle.destroy();
  }
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
  .action(async (username: string, opts: { password?: string }) => {
    const password = await readPassword(opts.password);
    await withUsers(async (users) => {
      await users.addUser(username, password);
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

program.parseAsync().catch((err: unknown) => {
  if (err instanceof AppError) console.error(`${err.error}: ${err.message}`);
  else if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else console.error((err as Error).message);
  process.exit(1);
});
