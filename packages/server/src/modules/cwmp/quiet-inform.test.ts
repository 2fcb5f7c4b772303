// A quiet periodic Inform (2 PERIODIC alone, nothing changed, no jobs: devices/service.ts
// recordInform) is answered before its update lands; the session's next message is handled only
// once it has. Over real HTTP, on SQLite and PostgreSQL: a failed update fails the session at its
// next message (never a 204), while any other Inform whose update fails is not answered at all.
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { createTestDatabase, describeWithPostgres } from '../../../test/postgres';
import { bearer, buildTestApp, listenOnLoopback, login } from '../../../test/helpers';
import { TestCpe } from '../../../test/cpe-client';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

function suite(database: () => Promise<{ config: Partial<Config>; drop?: () => Promise<void> }>) {
  let t: TestApp;
  let base: string;
  let token: string;
  let drop: (() => Promise<void>) | undefined;
  const cpes: TestCpe[] = [];
  beforeAll(async () => {
    const d = await database();
    drop = d.drop;
    t = await buildTestApp(d.config);
    base = await listenOnLoopback(t.app);
    token = await login(t.app);
  });
  afterAll(async () => {
    await Promise.all(cpes.map((c) => c.close()));
    await t?.close();
    await drop?.();
  });

  /** A router that has informed once (0 BOOTSTRAP, 1 BOOT) and ended its session. */
  async function registered(serialNumber: string): Promise<TestCpe> {
    const c = new TestCpe(base, {
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber,
      manufacturer: 'Huawei',
    });
    cpes.push(c);
    expect((await c.inform()).status).toBe(200);
    expect((await c.post('')).status).toBe(204);
    c.forgetCookies();
    return c;
  }

  async function device(serial: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/devices?search=${serial}`,
      headers: bearer(token),
    });
    return res.json().devices[0] as { lastEvents: string[]; lastInformAt: string };
  }

  /** Every update of this device's row fails from now on, as a disk that fails would make it. */
  async function failUpdatesOf(serial: string): Promise<void> {
    const db = t.app.services.database.db;
    if (t.app.services.database.dialect === 'sqlite') {
      await sql
        .raw(
          `create trigger fail_${serial} before update on devices when new.serial_number = '${serial}'
           begin select raise(abort, 'disk I/O error'); end`,
        )
        .execute(db);
      return;
    }
    await sql
      .raw(
        `create function fail_${serial}() returns trigger language plpgsql as
           $$ begin raise exception 'disk I/O error'; end $$;
         create trigger fail_${serial} before update on devices for each row
           when (new.serial_number = '${serial}') execute function fail_${serial}()`,
      )
      .execute(db);
  }

  it('records a quiet periodic Inform by the end of its session', async () => {
    const c = await registered('QUIET0001');
    const before = Date.parse((await device('QUIET0001')).lastInformAt);
    await new Promise((r) => setTimeout(r, 5));
    expect((await c.send(c.informMessage(['2 PERIODIC']), 'inform-2')).status).toBe(200);
    expect((await c.post('')).status).toBe(204);
    const after = await device('QUIET0001');
    expect(after.lastEvents).toEqual(['2 PERIODIC']);
    expect(Date.parse(after.lastInformAt)).toBeGreaterThan(before);
  });

  it('answers a quiet periodic Inform whose update then fails, and fails the session at its next message', async () => {
    const c = await registered('QUIET0002');
    await failUpdatesOf('QUIET0002');
    const answer = await c.send(c.informMessage(['2 PERIODIC']), 'inform-2');
    expect(answer.status).toBe(200);
    expect(answer.envelope?.body.name).toBe('InformResponse');
    const end = await c.post('');
    expect(end.status).toBe(500);
    expect(end.headers.connection).toBe('close');
    expect((await device('QUIET0002')).lastEvents).toEqual(['0 BOOTSTRAP', '1 BOOT']);
  });

  it('does not answer any other Inform whose update fails: its events are not delivered', async () => {
    const c = await registered('QUIET0003');
    await failUpdatesOf('QUIET0003');
    const answer = await c.send(c.informMessage(['1 BOOT']), 'inform-2');
    expect(answer.status).toBe(500);
  });
}

describe('quiet periodic Informs (SQLite)', () => {
  suite(async () => ({ config: {} }));
});

describeWithPostgres('quiet periodic Informs (PostgreSQL)', () => {
  suite(async () => {
    const db = await createTestDatabase();
    return { config: { database: { kind: 'postgres', url: db.url } }, drop: db.drop };
  });
});

describeWithPostgres('a quiet periodic Inform whose update waits (PostgreSQL)', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let url: string;
  let drop: () => Promise<void>;
  let c: TestCpe;
  beforeAll(async () => {
    const db = await createTestDatabase();
    url = db.url;
    drop = db.drop;
    t = await buildTestApp({ database: { kind: 'postgres', url } });
    base = await listenOnLoopback(t.app);
    token = await login(t.app);
  });
  afterAll(async () => {
    await c?.close();
    await t?.close();
    await drop?.();
  });

  it('is answered while its row is locked, and its session ends only once the update has landed', async () => {
    c = new TestCpe(base, {
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber: 'QUIET0004',
      manufacturer: 'Huawei',
    });
    await c.inform();
    await c.post('');
    c.forgetCookies();
    // Another connection holds the device's row: the Inform's update waits for it, its read does not.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select id from devices where serial_number = 'QUIET0004' for update`);
      const answer = await c.send(c.informMessage(['2 PERIODIC']), 'inform-2');
      expect(answer.envelope?.body.name).toBe('InformResponse');
      let ended = false;
      const end = c.post('').then((r) => {
        ended = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(ended).toBe(false);
      await other.query('commit');
      expect((await end).status).toBe(204);
    } finally {
      await other.end();
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/devices?search=QUIET0004',
      headers: bearer(token),
    });
    expect(res.json().devices[0].lastEvents).toEqual(['2 PERIODIC']);
  });
});
