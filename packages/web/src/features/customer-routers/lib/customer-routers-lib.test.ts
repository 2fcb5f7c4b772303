import { describe, expect, it } from 'vitest';
import { autoMatch } from './auto-match';
import type { CustomerProfileView } from './customer-profiles';
import { isCustomerTemplate } from './customer-templates';
import {
  MANUAL_MESSAGES,
  buildCreateRequest,
  duplicateCustomerRow,
  newCustomerRow,
  readyLabel,
} from './manual-customers';
import { profilesCsv } from './profiles-csv';

const view = (customer: string, serialNumber = '', id = customer): CustomerProfileView => ({
  id,
  name: `Korisnik-${customer}`,
  customer,
  ssid: `GT_${customer}`,
  password: 'Secret-pass1',
  serialNumber,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('customer templates (spec §2)', () => {
  it('offers Huawei templates and models containing EG8145 or HG8, nothing else', () => {
    expect(isCustomerTemplate({ vendor: 'Huawei', model: 'Anything' })).toBe(true);
    expect(isCustomerTemplate({ vendor: 'HUAWEI ', model: 'x' })).toBe(true);
    expect(isCustomerTemplate({ vendor: 'Generic', model: 'EG8145V5' })).toBe(true);
    expect(isCustomerTemplate({ vendor: 'Generic', model: 'hg8245h' })).toBe(true);
    expect(isCustomerTemplate({ vendor: 'ZTE', model: 'F660' })).toBe(false);
  });
});

describe('manual creation (spec §5, §7, §9)', () => {
  it('a new row carries a generated 12-character password; a duplicate appends _copy', () => {
    const row = { ...newCustomerRow(), surname: 'Horvat', serialNumber: 'SN1' };
    expect(row.password).toHaveLength(12);
    const copy = duplicateCustomerRow(row);
    expect(copy).toMatchObject({ surname: 'Horvat_copy', password: row.password, serialNumber: 'SN1' });
    expect(copy.key).not.toBe(row.key);
    expect(readyLabel(2)).toBe('2 customer(s) ready to create');
  });

  it('refuses rows without a surname, then a missing template, and names the rows', () => {
    const empty = { ...newCustomerRow(), surname: '  ' };
    const full = { ...newCustomerRow(), surname: 'Horvat' };
    const noSurname = buildCreateRequest([full, empty], 't1');
    expect(noSurname).toMatchObject({ ok: false, error: MANUAL_MESSAGES.noSurname });
    expect(!noSurname.ok && Object.keys(noSurname.rowErrors)).toEqual([empty.key]);
    expect(buildCreateRequest([full], '')).toMatchObject({
      ok: false,
      error: 'Please select a router template',
    });
    const shortPassword = buildCreateRequest([{ ...full, password: 'short' }], 't1');
    expect(!shortPassword.ok && shortPassword.rowErrors[full.key]).toMatch(/8 to 63 characters/);
  });

  it('sends exactly the Korisnik-{surname} payload of @provisor/common', () => {
    const row = { key: 'k', surname: 'Kovačević', password: 'Abcdefgh-123', serialNumber: ' HWTC01 ' };
    const built = buildCreateRequest([row], 't1');
    expect(built).toEqual({
      ok: true,
      profiles: [
        {
          name: 'Korisnik-Kovačević',
          templateId: 't1',
          values: {
            wifi_ssid: 'GT_Kovacevic',
            wifi_password: 'Abcdefgh-123',
            wifi_enabled: true,
            wifi_channel: 0,
            wifi_bandwidth: '40MHz',
            wifi_security_mode: 'WPA2-PSK',
            periodic_inform_interval: 300,
            periodic_inform_enable: true,
            ntp_server: 'hr.pool.ntp.org',
            timezone: 'Europe/Zagreb',
            admin_password: 'AdminKovacevic2024!',
            wan_mtu: 1500,
            remote_access_enabled: false,
            device_serial_number: 'HWTC01',
          },
        },
      ],
    });
  });
});

describe('auto-match (spec §9)', () => {
  it("matches a serial containing the surname, or equal to the profile's serial, one device per profile", () => {
    const devices = [
      { id: 'd1', serialNumber: 'HWTCHORVAT01' },
      { id: 'd2', serialNumber: 'hwtc-0042' },
      { id: 'd3', serialNumber: 'XHORVATX' },
      { id: 'd4', serialNumber: 'NOTHING' },
      { id: 'd5', serialNumber: 'KOVACEVIC9' },
    ];
    const matches = autoMatch(devices, [view('Horvat'), view('Babic', 'HWTC-0042'), view('Kovačević')]);
    expect([...matches]).toEqual([
      ['d2', 'Babic'],
      ['d1', 'Horvat'],
      ['d5', 'Kovačević'],
    ]);
    expect(autoMatch([{ id: 'd4', serialNumber: 'NOTHING' }], [view('Horvat')]).size).toBe(0);
  });
});

describe('profiles CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas, and quotes any it could split (@provisor/common)', () => {
    const csv = profilesCsv([
      { ...view('Horvat', '=HYPERLINK("x")'), customer: "x;=cmd|' /C calc'!A0", password: 'a,b' },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `"x;=cmd|' /C calc'!A0",Korisnik-Horvat,GT_Horvat,"a,b","'=HYPERLINK(""x"")",2026-01-01T00:00:00.000Z`,
    );
  });

  it('writes a header and the given rows only, passwords whole', () => {
    const csv = profilesCsv([view('Horvat', 'SN1')]);
    expect(csv).toBe(
      'customer,profile,ssid,password,serial_number,created_at\r\nHorvat,Korisnik-Horvat,GT_Horvat,Secret-pass1,SN1,2026-01-01T00:00:00.000Z\r\n',
    );
  });
});
