// Keyset paging of GET /api/devices (issue 24) against offset paging, on either database: walked
// forward by nextCursor and back by prevCursor, with and without a search and a status filter, the
// pages give every device exactly once in the offset order; with devices inserted and deleted between
// the reads, no device that was there throughout is skipped or repeated.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DeviceStatus } from '../src/db/tables/devices';
import { bearer } from './helpers';

interface Page {
  devices: { id: string; serialNumber: string }[];
  total: number;
  offset: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

const STATUSES: DeviceStatus[] = ['online', 'offline', 'provisioning', 'error'];
const now = '2026-01-01T00:00:00.000Z';

/** Devices with ties on the serial number (two OUIs), so the id decides between them. */
function row(serial: string, i: number) {
  return {
    id: randomUUID(),
    oui: i % 2 === 0 ? '00259E' : '1C61B4',
    product_class: ['EG8145V5', 'EG8145X6', 'EX220'][i % 3]!,
    serial_number: serial,
    status: STATUSES[i % 4]!,
    last_inform_at: now,
    created_at: now,
    updated_at: now,
  };
}

export async function cursorPagingScenario(app: FastifyInstance, token: string): Promise<void> {
  const db = app.services.database.db;
  const seeded = Array.from({ length: 61 }, (_, i) => row(`PG${String(i % 40).padStart(4, '0')}`, i));
  await db.insertInto('devices').values(seeded).execute();

  const get = async (query: string): Promise<Page> => {
    const res = await app.inject({ method: 'GET', url: `/api/devices?${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const ids = (page: Page) => page.devices.map((d) => d.id);

  for (const filter of [
    '',
    'status=error&',
    'search=eg8145&',
    'search=x6&',
    'search=eg8145&status=online&',
    'search=PG&',
  ]) {
    const limit = 7;
    const byOffset: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await get(`${filter}limit=${limit}&offset=${offset}`);
      byOffset.push(...ids(page));
      expect(page.prevCursor === null).toBe(offset === 0);
      if (page.devices.length < limit || offset + limit >= page.total) {
        expect(page.nextCursor).toBeNull();
        break;
      }
      expect(page.nextCursor).not.toBeNull();
    }
    expect(byOffset.length).toBeGreaterThan(limit);

    // Forward: the first page, then after= each page's nextCursor.
    const forward: string[] = [];
    let page = await get(`${filter}limit=${limit}`);
    forward.push(...ids(page));
    while (page.nextCursor) {
      page = await get(`${filter}limit=${limit}&after=${page.nextCursor}`);
      expect(page.total).toBe(byOffset.length);
      expect(page.offset).toBe(0);
      expect(page.prevCursor).not.toBeNull();
      forward.push(...ids(page));
    }
    expect(forward).toEqual(byOffset);

    // Back: from the last page by offset, then before= each page's prevCursor.
    const last = Math.floor((byOffset.length - 1) / limit) * limit;
    page = await get(`${filter}limit=${limit}&offset=${last}`);
    const backward = [ids(page)];
    while (page.prevCursor) {
      page = await get(`${filter}limit=${limit}&before=${page.prevCursor}`);
      expect(page.nextCursor).not.toBeNull();
      backward.unshift(ids(page));
    }
    expect(backward[0]).toHaveLength(limit); // the list's start: a whole page
    expect(backward.flat()).toEqual(byOffset);
  }

  // Inserts and deletes between the reads: walk forward, then back, changing the list before each page.
  for (const direction of ['after', 'before'] as const) {
    const limit = 5;
    const throughout = new Set((await db.selectFrom('devices').select('id').execute()).map((r) => r.id));
    const seen: string[] = [];
    let page = await get(`limit=${limit}&offset=${direction === 'after' ? 0 : throughout.size - limit}`);
    seen.push(...ids(page));
    for (let step = 0; ; step++) {
      // A new device on each side of the page, and one device just ahead of the walk and one behind it gone.
      const ahead = direction === 'after' ? page.devices.at(-1)! : page.devices[0]!;
      const behind = direction === 'after' ? page.devices[0]! : page.devices.at(-1)!;
      await db
        .insertInto('devices')
        .values([row(`${ahead.serialNumber}~${step}`, step), row(`${behind.serialNumber}~${step}`, step + 1)])
        .execute();
      const gone = (
        await db
          .selectFrom('devices')
          .select('id')
          .where('id', 'not in', seen)
          .where('serial_number', 'not like', '%~%')
          .orderBy('serial_number', direction === 'after' ? 'asc' : 'desc')
          .orderBy('id', direction === 'after' ? 'asc' : 'desc')
          .limit(1)
          .execute()
      )[0];
      for (const id of [gone?.id, behind.id]) {
        if (!id) continue;
        await app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers: bearer(token) });
        throughout.delete(id);
      }
      const cursor = direction === 'after' ? page.nextCursor : page.prevCursor;
      if (!cursor) break;
      page = await get(`limit=${limit}&${direction}=${cursor}`);
      seen.push(...ids(page));
    }
    expect(new Set(seen).size).toBe(seen.length); // nothing twice
    for (const id of throughout) expect(seen).toContain(id); // nothing there throughout skipped
  }

  // The unassigned list pages the same way.
  const unassigned = await app.inject({
    method: 'GET',
    url: '/api/devices/unassigned?limit=3',
    headers: bearer(token),
  });
  const next = (unassigned.json() as Page).nextCursor;
  expect(next).not.toBeNull();
  const second = await app.inject({
    method: 'GET',
    url: `/api/devices/unassigned?limit=3&after=${next}`,
    headers: bearer(token),
  });
  expect((second.json() as Page).devices).toHaveLength(3);
}

/** A cursor that is not one: 400 with what to do; so are both directions, or a cursor with an offset. */
export async function badCursorsScenario(app: FastifyInstance, token: string): Promise<void> {
  const status = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/devices?${query}`, headers: bearer(token) });
    return { code: res.statusCode, body: res.json() as { error: string; message: string } };
  };
  const good = Buffer.from(JSON.stringify([1, 'SN', 'id'])).toString('base64url');
  for (const bad of ['nonsense', Buffer.from('[2,"SN","id"]').toString('base64url'), 'W10']) {
    const answer = await status(`after=${bad}`);
    expect(answer.code).toBe(400);
    expect(answer.body.error).toBe('Invalid cursor');
    expect(answer.body.message).toContain('nextCursor or prevCursor');
  }
  expect((await status(`before=${good}`)).code).toBe(200);
  const both = await status(`after=${good}&before=${good}`);
  expect([both.code, both.body.message]).toEqual([400, expect.stringContaining('not both')]);
  const withOffset = await status(`after=${good}&offset=5`);
  expect([withOffset.code, withOffset.body.message]).toEqual([
    400,
    expect.stringContaining('leave offset out'),
  ]);
}

/**
 * The way back from an empty page: every row of the page before (or after) the one shown goes away,
 * the operator pages there and finds it empty, and pages back: the page they came from comes back
 * whole, its first (or last) row included.
 */
export async function emptyPageWayBackScenario(app: FastifyInstance, token: string): Promise<void> {
  const db = app.services.database.db;
  const seeded = Array.from({ length: 6 }, (_, i) => row(`EMPTYP${String(i + 1).padStart(2, '0')}`, i));
  await db.insertInto('devices').values(seeded).execute();
  const get = async (query: string): Promise<Page> => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/devices?search=EMPTYP&limit=2&${query}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const serials = (page: Page) => page.devices.map((d) => d.serialNumber);
  const remove = async (serial: string) => {
    const id = seeded.find((d) => d.serial_number === serial)!.id;
    const res = await app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(204);
  };

  const first = await get('');
  const second = await get(`after=${first.nextCursor}`);
  expect(serials(second)).toEqual(['EMPTYP03', 'EMPTYP04']);

  // Back: the first page's rows are gone; Previous finds nothing, and Next shows the second page again.
  await remove('EMPTYP01');
  await remove('EMPTYP02');
  const emptyBefore = await get(`before=${second.prevCursor}`);
  expect(emptyBefore.devices).toEqual([]);
  expect(emptyBefore.prevCursor).toBeNull();
  expect(serials(await get(`after=${emptyBefore.nextCursor}`))).toEqual(['EMPTYP03', 'EMPTYP04']);

  // Forward: the third page's rows are gone; Next finds nothing, and Previous shows the second page.
  await remove('EMPTYP05');
  await remove('EMPTYP06');
  const emptyAfter = await get(`after=${second.nextCursor}`);
  expect(emptyAfter.devices).toEqual([]);
  expect(emptyAfter.nextCursor).toBeNull();
  const back = await get(`before=${emptyAfter.prevCursor}`);
  expect(serials(back)).toEqual(['EMPTYP03', 'EMPTYP04']);
  expect([back.prevCursor, back.nextCursor]).toEqual([null, null]);
}
