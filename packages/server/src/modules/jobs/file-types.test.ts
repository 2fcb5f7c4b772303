// The FileType rules of upload-file and download-file, as data in and FileType (or the 400) out.
import { describe, expect, it } from 'vitest';
import { downloadFileType, uploadFileType } from './file-types';

const tree = {
  'InternetGatewayDevice.DeviceInfo.VendorLogFile.1.Name': { value: '/var/log/messages' },
  'InternetGatewayDevice.DeviceInfo.VendorLogFile.2.Name': { value: 'config.xml' },
  'InternetGatewayDevice.DeviceInfo.VendorConfigFile.1.Name': { value: 'config.xml' },
  'InternetGatewayDevice.DeviceInfo.VendorConfigFile.2.Name': { value: '' },
};

describe('downloadFileType (upload-file: TR-069 Amendment 6, A.3.2.8)', () => {
  it('defaults to "2 Web Content" and takes the five standard types and vendor types', () => {
    expect(downloadFileType(undefined)).toBe('2 Web Content');
    expect(downloadFileType('  ')).toBe('2 Web Content');
    expect(downloadFileType('1 Firmware Upgrade Image')).toBe('1 Firmware Upgrade Image');
    expect(downloadFileType('X 00259E Certificate Bundle')).toBe('X 00259E Certificate Bundle');
  });

  it('refuses anything else with the allowed values', () => {
    for (const bad of ['2 web content', 'X 00259e cert', `X 00259E ${'a'.repeat(60)}`, 'Firmware']) {
      expect(() => downloadFileType(bad)).toThrow(
        /is not a TR-069 Download FileType. Use one of "1 Firmware/,
      );
    }
  });
});

describe('uploadFileType (download-file: TR-069 Amendment 6, A.4.1.5)', () => {
  it('takes a FileType given as the path, as earlier versions did', () => {
    expect(uploadFileType('1 Vendor Configuration File', undefined, {})).toBe('1 Vendor Configuration File');
    expect(uploadFileType('4 Vendor Log File 3', undefined, {})).toBe('4 Vendor Log File 3');
  });

  it('turns a data-model path of a file instance into the instance FileType', () => {
    expect(uploadFileType('Device.DeviceInfo.VendorLogFile.3.', undefined, {})).toBe('4 Vendor Log File 3');
    expect(uploadFileType('InternetGatewayDevice.DeviceInfo.VendorConfigFile.1.Name', undefined, {})).toBe(
      '3 Vendor Configuration File 1',
    );
    expect(uploadFileType('Device.DeviceInfo.VendorLogFile.3', '2 Vendor Log File', {})).toBe(
      '4 Vendor Log File 3',
    );
  });

  it('finds a file the router lists by name, logs first, within the class chosen', () => {
    expect(uploadFileType('/var/log/messages', undefined, tree)).toBe('4 Vendor Log File 1');
    expect(uploadFileType('messages', undefined, tree)).toBe('4 Vendor Log File 1');
    expect(uploadFileType('config.xml', undefined, tree)).toBe('4 Vendor Log File 2');
    expect(uploadFileType('config.xml', '1 Vendor Configuration File', tree)).toBe(
      '3 Vendor Configuration File 1',
    );
  });

  it('asks for the class chosen (default the log) when the router lists no such file', () => {
    expect(uploadFileType('/tmp/other', undefined, tree)).toBe('2 Vendor Log File');
    expect(uploadFileType('/tmp/other', '1 Vendor Configuration File', tree)).toBe(
      '1 Vendor Configuration File',
    );
    expect(uploadFileType('/var/log/messages', '3 Vendor Configuration File 2', tree)).toBe(
      '3 Vendor Configuration File 2',
    );
  });

  it('refuses an unknown FileType and one that contradicts the path', () => {
    expect(() => uploadFileType('/x', '2 Web Content', tree)).toThrow(/is not a TR-069 Upload FileType/);
    expect(() => uploadFileType('/x', '4 Vendor Log File 0', tree)).toThrow(
      /is not a TR-069 Upload FileType/,
    );
    expect(() => uploadFileType('2 Vendor Log File', '1 Vendor Configuration File', tree)).toThrow(
      /asks for "2 Vendor Log File" but fileType is "1 Vendor Configuration File"/,
    );
    expect(() => uploadFileType('Device.DeviceInfo.VendorLogFile.1.', '4 Vendor Log File 2', tree)).toThrow(
      /asks for "4 Vendor Log File 1"/,
    );
  });
});
