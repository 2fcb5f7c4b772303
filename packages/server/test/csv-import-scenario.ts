// The customer CSV import (spec §7 bulk-import-csv, issue 17 point 2) through real HTTP, the same
// on SQLite (profiles/csv-import.test.ts) and PostgreSQL (profiles/csv-import.postgres.test.ts): 50
// customers with bad rows mixed in, line by line, and exactly the good rows stored afterwards.
import { customerProfile, passwordAlphabets } from '@provisor/common';
import { expect } from 'vitest';

export interface Api {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** The API of a server listening at `base`, called as the signed-in operator over real HTTP. */
export function apiAt(base: string, auth: Record<string, string>): Api {
  return {
    call: (method, path, body, headers = {}) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          ...auth,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely here; the route schemas type them
export async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export interface ImportRow {
  line: number;
  success: boolean;
  error?: string;
  surname: string;
  ssid: string;
  serialNumber: string;
  password?: string;
  profileId?: string;
  profileName?: string;
}

export async function huaweiTemplate(api: Api): Promise<{ id: string; name: string }> {
  const res = await json(await api.call('GET', '/api/templates?vendor=Huawei'));
  return res.templates[0];
}

async function profileNames(api: Api): Promise<string[]> {
  const res = await json(await api.call('GET', '/api/profiles?limit=5000'));
  return (res.profiles as { name: string }[]).map((p) => p.name).sort();
}

/** What is already stored before the import: a customer, a profile holding a serial, an assigned router. */
async function existing(api: Api, templateId: string) {
  const values = (surname: string, serial: string) =>
    customerProfile({ surname, password: 'postojeca-lozinka', serialNumber: serial })!;
  for (const [surname, serial] of [
    ['Postojeći', 'HWTC-OLD-1'],
    ['Stari', 'HWTC-IN-PROFILE'],
  ] as const) {
    const p = values(surname, serial);
    const res = await api.call('POST', '/api/profiles', { name: p.name, templateId, values: p.values });
    expect(res.status).toBe(201);
  }
  const assignedTo = (await json(await api.call('GET', '/api/profiles?search=Stari'))).profiles[0]
    .id as string;
  const device = await api.call('POST', '/api/devices/register', {
    serialNumber: 'HWTC-ASSIGNED',
    oui: '00E0FC',
    productClass: 'EG8145V5',
    connectionRequestUrl: 'http://192.0.2.10:7547/',
  });
  expect(device.status).toBe(201);
  const deviceId = (await json(device)).device.id as string;
  const put = await api.call('PUT', `/api/devices/${deviceId}`, { assignedProfileId: assignedTo });
  expect(put.status).toBe(200);
}

/**
 * The file: a comment and blank lines (not rows), 50 customer rows of which 13 are bad (37 good), each kind
 * of bad row the issue names. `expected` is keyed by the line each row is on.
 */
export function fiftyCustomers() {
  const lines: string[] = ['# customers of May, exported from the CRM', 'prezime,password,sn'];
  const expected = new Map<number, RegExp | 'ok' | 'generated'>();
  /** Surname -> the password its row gives. */
  const written = new Map<string, string>([
    ['Horvat, Ana', 'pa"ss word 1'],
    ['Rukavina', 'spaces around'],
  ]);
  // A row's line: one past the physical lines before it (a quoted field may hold a line break).
  const add = (text: string, outcome: RegExp | 'ok' | 'generated') => {
    expected.set(lines.reduce((n, l) => n + l.split('\n').length, 0) + 1, outcome);
    lines.push(text);
  };
  const good = [
    'Horvat',
    'Kovačević',
    'Babić',
    'Marić',
    'Jurić',
    'Novak',
    'Knežević',
    'Vuković',
    'Marković',
    'Petrović',
    'Matić',
    'Tomić',
    'Pavlović',
    'Šimić',
    'Božić',
    'Blažević',
    'Grgić',
    'Pavić',
    'Radić',
    'Perić',
    'Kovač',
    'Filipović',
    'Lovrić',
    'Vidović',
    'Perković',
    'Đurđević',
    'Žužić',
    'Van der Berg',
    "O'Brien",
    'Bošnjak',
    'Klarić',
    'Barišić',
    'Mikulić',
    'Kos-Perić',
    'Matijević',
  ];
  for (const [i, surname] of good.entries()) {
    const serial = i % 3 === 0 ? `HWTC${String(1000 + i)}` : '';
    if (i % 2 === 0) add(`${surname},,${serial}`, 'generated');
    else {
      add(`"${surname}",Lozinka-${i}x,${serial}`, 'ok');
      written.set(surname, `Lozinka-${i}x`);
    }
    if (i === 10) lines.push('');
    if (i === 20) lines.push('# Mr. Kos moved away');
  }
  // Quoted fields with a comma, a doubled quote and a line break inside a password.
  add('"Horvat, Ana","pa""ss word 1",HWTC-Q1', 'ok');
  add('Ivić,"two\nlines!",', /printable ASCII.*U\+000A/);
  add('Rukavina,  "spaces around" ,HWTC-Q3', 'ok');
  // The bad rows.
  add(',lozinka123,HWTC-NOSURNAME', /^Surname is required$/);
  add('Horvat,lozinka123,', /^Duplicate surname "Horvat": line 3 already gives the SSID GT_Horvat$/);
  add('KOVACEVIC,lozinka123,', /^Duplicate surname "KOVACEVIC": line 4 already gives the SSID GT_KOVACEVIC$/);
  add('Dupli,lozinka123,HWTC1000', /^Duplicate serial number "HWTC1000": line 3 already has it$/);
  add(
    'Postojeci,lozinka123,',
    /^A profile with the SSID GT_Postojeci already exists \("Korisnik-Postojeći"\)$/,
  );
  add(
    'Novi,lozinka123,HWTC-IN-PROFILE',
    /^Serial number "HWTC-IN-PROFILE" is already in the profile "Korisnik-Stari"$/,
  );
  add(
    'Dodijeljen,lozinka123,HWTC-ASSIGNED',
    /router that already has the profile "Korisnik-Stari" assigned$/,
  );
  add('Kratka,kratka,', /^Password must be 8 to 63 characters for WPA2 \(this one has 6\)$/);
  add('Kvačica,lozinkač12,', /"č" is not one/);
  add('李,lozinka123,', /has no letter or digit a router takes in an SSID/);
  add(`Dugi,lozinka123,${'S'.repeat(65)}`, /^Serial number must be at most 64 characters$/);
  add(`${'Predugo'.repeat(15)},lozinka123,`, /^Surname must be at most 100 characters$/);
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, expected, written };
}

export async function importsFiftyCustomers(api: Api) {
  const template = await huaweiTemplate(api);
  await existing(api, template.id);
  const before = await profileNames(api);
  const { csv, expected, written } = fiftyCustomers();
  expect(expected.size).toBe(50);

  const res = await api.call('POST', '/api/profiles/bulk-import-csv', {
    csvData: csv,
    templateId: template.id,
    generatePasswords: true,
  });
  expect(res.status).toBe(200);
  const body = await json<{ results: ImportRow[]; successful: number; failed: number }>(res);
  expect(body.results.map((r) => r.line)).toEqual([...expected.keys()]);
  const alphabet = passwordAlphabets().join('');
  for (const r of body.results) {
    const want = expected.get(r.line)!;
    if (want instanceof RegExp) {
      expect({ line: r.line, success: r.success, error: r.error }).toEqual({
        line: r.line,
        success: false,
        error: expect.stringMatching(want),
      });
      expect(r.profileId).toBeUndefined();
      expect(r.password).toBeUndefined();
      continue;
    }
    expect({ line: r.line, success: r.success, error: r.error }).toEqual({
      line: r.line,
      success: true,
      error: undefined,
    });
    expect(r.profileName).toBe(`Korisnik-${r.surname}`);
  }
  const good = body.results.filter((r) => r.success);
  expect(body).toMatchObject({ successful: 37, failed: 13 });
  expect(good).toHaveLength(37);
  expect(body.results.find((r) => r.surname === 'Horvat, Ana')).toMatchObject({
    ssid: 'GT_Horvat_Ana',
    serialNumber: 'HWTC-Q1',
  });

  // Exactly the good rows exist afterwards, each with the spec §7 payload and its row's values.
  const after = await profileNames(api);
  expect(after).toEqual([...before, ...good.map((r) => r.profileName!)].sort());
  for (const r of good) {
    const stored = (await json(await api.call('GET', `/api/profiles/${r.profileId}`))).profile;
    // The row's Wi-Fi password: as written, or 12 generated characters (spec §2, §9).
    const password = stored.values.wifi_password as string;
    if (expected.get(r.line) === 'generated') {
      expect(password).toHaveLength(12);
      for (const c of password) expect(alphabet).toContain(c);
    } else expect(password).toBe(written.get(r.surname));
    // The result names the password the profile holds (spec §3), for the operator's results CSV.
    expect(r.password).toBe(password);
    expect(stored).toMatchObject({
      name: r.profileName,
      templateId: template.id,
      validationStatus: 'valid',
      values: customerProfile({ surname: r.surname, password, serialNumber: r.serialNumber })!.values,
    });
    expect(stored.renderedParams).toContainEqual({
      name: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID',
      value: r.ssid,
      type: 'string',
    });
  }
  const kovacevic = good.find((r) => r.surname === 'Kovačević')!;
  expect(kovacevic).toMatchObject({ ssid: 'GT_Kovacevic', profileName: 'Korisnik-Kovačević' });
  // Searchable by surname, SSID and serial like any profile (spec §2 Profiles search).
  expect((await json(await api.call('GET', '/api/profiles?search=Kova%C4%8Devi%C4%87'))).total).toBe(1);
  expect((await json(await api.call('GET', '/api/profiles?search=HWTC1003'))).total).toBe(1);

  // The same file again: every row is now a duplicate of a stored profile, and nothing is added.
  const again = await json<{ results: ImportRow[]; successful: number }>(
    await api.call('POST', '/api/profiles/bulk-import-csv', {
      csvData: csv,
      templateId: template.id,
      generatePasswords: true,
    }),
  );
  expect(again.successful).toBe(0);
  for (const r of again.results.filter(
    (x) => expected.get(x.line) === 'ok' || expected.get(x.line) === 'generated',
  )) {
    expect(r.error).toMatch(/^A profile with the SSID GT_\S+ already exists/);
  }
  expect(await profileNames(api)).toEqual(after);
}

/** Refusals of the whole request: each a 400 saying what to fix, and nothing stored. */
export async function refusesBadRequests(api: Api) {
  const template = await huaweiTemplate(api);
  const before = await profileNames(api);
  const csv = 'surname,password\nHorvat,lozinka123\n';
  const post = (body: unknown) => api.call('POST', '/api/profiles/bulk-import-csv', body);
  const refused = async (res: Response, error: string | RegExp, message?: RegExp) => {
    expect(res.status).toBe(400);
    const body = await json<{ error: string; message: string }>(res);
    expect(body.error).toEqual(typeof error === 'string' ? error : expect.stringMatching(error));
    if (message) expect(body.message).toMatch(message);
  };
  await refused(await post({ csvData: csv, generatePasswords: true }), 'Please select a router template');
  await refused(await post({ csvData: csv, templateId: '  ' }), 'Please select a router template');
  await refused(
    await post({ csvData: csv, templateId: 'no-such-template' }),
    'Template not found',
    /no-such-template/,
  );
  await refused(await post({ templateId: template.id }), 'Please provide CSV data');
  await refused(await post({ csvData: ' \r\n ', templateId: template.id }), 'Please provide CSV data');
  await refused(await post({}), 'Please provide CSV data');
  await refused(
    await api.call('POST', '/api/profiles/bulk-import-csv', undefined, {
      'content-type': 'application/json',
    }),
    'Please provide CSV data',
  );
  await refused(
    await post({ csvData: 'surname,password\n', templateId: template.id }),
    'CSV file must have headers and at least one data row',
  );
  await refused(
    await post({ csvData: 'name,password\nHorvat,lozinka123', templateId: template.id }),
    'CSV must contain "surname" or "prezime" column',
    /"name", "password"/,
  );
  await refused(
    await post({ csvData: 'surname,password\n"Horvat,lozinka123\nBabić,x', templateId: template.id }),
    'Invalid CSV format',
    /line 2/,
  );
  await refused(await post({ csvData: { rows: 1 }, templateId: template.id }), 'Bad Request', /csvData/);
  await refused(await post({ csvData: csv, templateId: template.id, extra: 1 }), 'Bad Request', /extra/);
  const tooMany = `surname\n${Array.from({ length: 10_001 }, (_, i) => `K${i}`).join('\n')}`;
  await refused(
    await post({ csvData: tooMany, templateId: template.id }),
    'Too many rows: at most 10000 customers per import',
    /10001 customers/,
  );
  const huge = `surname,password\n${'Horvat,lozinka123\n'.repeat(300_000)}`;
  await refused(
    await post({ csvData: huge, templateId: template.id }),
    'CSV data is too large: at most 5 MiB (5,242,880 bytes) per import',
    /split the customer list/,
  );
  expect(await profileNames(api)).toEqual(before);
}

/** The same file imported twice at the same moment: each customer is created once. */
export async function importsTwiceAtOnce(api: Api) {
  const templateId = (await json(await api.call('GET', '/api/templates?vendor=Huawei'))).templates[0].id;
  const csv = `surname,password\n${Array.from({ length: 300 }, (_, i) => `Istodobni${i},lozinka123`).join('\n')}`;
  const answers = await Promise.all(
    [1, 2].map(async () =>
      json(await api.call('POST', '/api/profiles/bulk-import-csv', { csvData: csv, templateId })),
    ),
  );
  expect(answers.map((a) => a.successful).sort()).toEqual([0, 300]);
  expect((await json(await api.call('GET', '/api/profiles?search=Istodobni&limit=5000'))).total).toBe(300);
}
