// The user CLI run for real (tsx, as `npm run user` does) against a temporary database.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'provisor-cli-'));
const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'cli.db')}`, PROVISOR_USER_PASSWORD: '' };

function cli(...args: string[]) {
  return run(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['packages/server/src/cli/user.ts', ...args], {
    cwd: repoRoot,
    env,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

async function canSignIn(username: string, password: string): Promise<boolean> {
  const app = await buildApp({ ...loadConfig({ DATABASE_URL: env.DATABASE_URL, PROVISOR_WEB_DIST: '' }) });
  try {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    return res.statusCode === 200;
  } finally {
    await app.close();
  }
}

describe('npm run user', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('adds a user who can then sign in', async () => {
    const result = await cli('add', 'noc-operator', '--password', 'operator-pass-1');
    expect(result).toMatchObject({ code: 0, stdout: 'Added user "noc-operator".\n' });
    expect(await canSignIn('noc-operator', 'operator-pass-1')).toBe(true);
  });

  it('changes a password: the new one works, the old one does not', async () => {
    const result = await cli('passwd', 'noc-operator', '--password', 'operator-pass-2');
    expect(result.code).toBe(0);
    expect(await canSignIn('noc-operator', 'operator-pass-2')).toBe(true);
    expect(await canSignIn('noc-operator', 'operator-pass-1')).toBe(false);
  });

  it('says what to fix for a duplicate user, a short password or an unknown user', async () => {
    expect(await cli('add', 'noc-operator', '--password', 'another-pass')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('A user named "noc-operator" already exists'),
    });
    expect(await cli('add', 'new-user', '--password', 'short')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('at least 8 characters'),
    });
    expect(await cli('passwd', 'ghost', '--password', 'whatever-pass')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('There is no user named "ghost"'),
    });
  });

  it('sets a role and disables and enables a user (issue 22); the last admin stays', async () => {
    // The users added before roles are admins; noc-operator is the only one.
    expect(await cli('role', 'noc-operator', 'viewer')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"noc-operator" is the last enabled admin'),
    });
    expect(await cli('add', 'head-of-noc', '--password', 'head-pass-1')).toMatchObject({ code: 0 });
    expect(await cli('role', 'noc-operator', 'viewer')).toMatchObject({
      code: 0,
      stdout: '"noc-operator" is now a viewer.\n',
    });
    expect(await cli('role', 'noc-operator', 'root')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('A role is one of admin, operator, viewer; "root" is not.'),
    });
    expect(await cli('disable', 'noc-operator')).toMatchObject({
      code: 0,
      stdout: 'Disabled "noc-operator".\n',
    });
    expect(await canSignIn('noc-operator', 'operator-pass-2')).toBe(false);
    expect(await cli('enable', 'noc-operator')).toMatchObject({
      code: 0,
      stdout: 'Enabled "noc-operator".\n',
    });
    expect(await canSignIn('noc-operator', 'operator-pass-2')).toBe(true);
    expect(await cli('add', 'helpdesk', '--password', 'helpdesk-pass', '--role', 'viewer')).toMatchObject({
      code: 0,
    });
    expect(await cli('role', 'helpdesk', 'operator')).toMatchObject({
      stdout: '"helpdesk" is now an operator.\n',
    });
  });
}, 60_000);
