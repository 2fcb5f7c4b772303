// The activity log writes a large batch in small statements and lets the event loop turn between
// them: a statement of hundreds of rows held every CWMP session waiting (bench/session-mix p99).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('writes a batch of 180 entries whole and in order, letting other work run between its statements', async () => {
  const { bus, activity } = t.app.services;
  for (let i = 0; i < 180; i++)
    bus.signal('device_event', {
      deviceId: `dev-${i}`,
      serialNumber: `ACT${String(i).padStart(4, '0')}`,
      event: 'booted',
    });
  let turned = false;
  setImmediate(() => (turned = true));
  let turnedBeforeFlushEnded = false;
  await activity.flush().then(() => (turnedBeforeFlushEnded = turned));
  expect(turnedBeforeFlushEnded).toBe(true);
  const { entries } = await activity.page({ limit: 500, type: 'device' });
  const mine = entries.filter((e) => e.message.startsWith('ACT')).reverse();
  expect(mine.map((e) => e.message)).toEqual(
    Array.from({ length: 180 }, (_, i) => `ACT${String(i).padStart(4, '0')} booted`),
  );
});
