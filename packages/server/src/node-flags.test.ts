// `npm start` runs the server with the flags every test and benchmark starts it with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags';

describe('the flags Node runs the server with', () => {
  it('are the ones npm start gives it', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const start = pkg.scripts.start!;
    const run = start.slice(start.lastIndexOf('tsx '));
    expect(run).toBe(`tsx ${SERVER_NODE_FLAGS.join(' ')} packages/server/src/main.ts`);
  });
});
