import { describe, expect, it } from 'vitest';
import { customerProfile, customerProfileName } from './customer-profile';
import { SSID_MAX_BYTES, customerSsid, ssidSurname, surnameFromProfileName, surnameProblem } from './ssid';

/** UTF-8 octets (no TextEncoder: this package assumes neither Node's nor the DOM's globals). */
const bytes = (s: string) =>
  [...s].reduce((n, c) => {
    const cp = c.codePointAt(0)!;
    return n + (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);
  }, 0);

describe('customerSsid', () => {
  it('is GT_ followed by the surname', () => {
    expect(customerSsid('Horvat')).toBe('GT_Horvat');
    expect(customerSsid('  Horvat ')).toBe('GT_Horvat');
  });

  it('takes the accents off Croatian and other Latin letters', () => {
    expect(customerSsid('Kovačević')).toBe('GT_Kovacevic');
    expect(customerSsid('Šimić')).toBe('GT_Simic');
    expect(customerSsid('Đurđević')).toBe('GT_Durdevic');
    expect(customerSsid('Žužić')).toBe('GT_Zuzic');
    expect(customerSsid('Müller')).toBe('GT_Muller');
    expect(customerSsid('Straße')).toBe('GT_Strasse');
    expect(customerSsid('Łukasz')).toBe('GT_Lukasz');
    // Decomposed input (NFD, as macOS file names give it) ends the same.
    expect(customerSsid('Kovac\u030cevic\u0301')).toBe('GT_Kovacevic');
  });

  it('turns spaces into one underscore, keeps dashes and drops other characters', () => {
    expect(customerSsid('Van der  Berg')).toBe('GT_Van_der_Berg');
    expect(customerSsid('Horvat-Kovač')).toBe('GT_Horvat-Kovac');
    expect(customerSsid("O'Brien")).toBe('GT_OBrien');
    expect(customerSsid('St. John')).toBe('GT_St_John');
    expect(customerSsid('Horvat (stan 2)')).toBe('GT_Horvat_stan_2');
    expect(customerSsid('_Horvat_')).toBe('GT_Horvat');
  });

  it('fits 32 octets, cutting the surname and never ending on a separator', () => {
    const long = customerSsid('Abcdefghijklmnopqrstuvwxyzabcdefghij')!;
    expect(long).toBe('GT_Abcdefghijklmnopqrstuvwxyzabc');
    expect(bytes(long)).toBe(SSID_MAX_BYTES);
    expect(customerSsid(`${'a'.repeat(28)} b`)).toBe(`GT_${'a'.repeat(28)}`);
    for (const s of ['Kovačević-Šimić-Đurđević-Žužić-Horvat', 'ČĆŽŠĐ'.repeat(20)]) {
      expect(bytes(customerSsid(s)!)).toBeLessThanOrEqual(SSID_MAX_BYTES);
    }
  });

  it('gives none for a surname without a letter or digit a router takes', () => {
    expect(customerSsid('李')).toBeNull();
    expect(customerSsid('Иванов')).toBeNull();
    expect(customerSsid('!!!')).toBeNull();
    expect(ssidSurname('   ')).toBe('');
    expect(surnameProblem('李')).toBe(
      'Surname "李" has no letter or digit a router takes in an SSID (A-Z, a-z, 0-9, "-", "_")',
    );
    expect(surnameProblem('')).toBe('Surname is required');
    expect(surnameProblem('x'.repeat(101))).toBe('Surname must be at most 100 characters');
    expect(surnameProblem('Šimić')).toBeNull();
  });
});

describe('customerProfile (spec §7 Manual creation payload, §9 defaults)', () => {
  it('names the profile Korisnik-{surname} and carries exactly the listed values', () => {
    const p = customerProfile({ surname: 'Kovačević', password: 'Lozinka-2024' });
    expect(p).toEqual({
      name: 'Korisnik-Kovačević',
      values: {
        wifi_ssid: 'GT_Kovacevic',
        wifi_password: 'Lozinka-2024',
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
      },
    });
    expect(Object.keys(p!.values)).toEqual([
      'wifi_ssid',
      'wifi_password',
      'wifi_enabled',
      'wifi_channel',
      'wifi_bandwidth',
      'wifi_security_mode',
      'periodic_inform_interval',
      'periodic_inform_enable',
      'ntp_server',
      'timezone',
      'admin_password',
      'wan_mtu',
      'remote_access_enabled',
    ]);
  });

  it("adds the router's serial when one is given, and gives none for a surname without an SSID", () => {
    expect(
      customerProfile({ surname: 'Horvat', password: 'x'.repeat(8), serialNumber: ' HWTC1 ' })?.values
        .device_serial_number,
    ).toBe('HWTC1');
    expect(
      customerProfile({ surname: 'Horvat', password: 'x'.repeat(8), serialNumber: '' })?.values,
    ).not.toHaveProperty('device_serial_number');
    expect(customerProfile({ surname: '李', password: 'x'.repeat(8) })).toBeNull();
  });

  it('reads the surname back from the profile name', () => {
    expect(surnameFromProfileName(customerProfileName(' Van der  Berg '))).toBe('Van der Berg');
    expect(surnameFromProfileName('Office router')).toBeNull();
    expect(surnameFromProfileName('Korisnik-')).toBeNull();
  });
});
