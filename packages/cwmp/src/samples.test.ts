// Every capture in ../shared/data/cwmp-samples decodes to the expected message, field by field, and
// survives encode → decode unchanged.
import { readFileSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../test-support/shared-data';
import { decode } from './decode';
import { encode } from './encode';
import type { CwmpWarningCode } from './errors';
import type { CwmpMessage } from './message';

const str = (name: string, value: string) => ({ name, type: 'string', value, raw: value });

const EXPECTED: Record<string, { body: CwmpMessage; warnings?: CwmpWarningCode[] }> = {
  'add_object_request.xml': {
    body: { name: 'AddObject', objectName: 'Device.NAT.PortMapping.', parameterKey: '123' },
  },
  'add_object_response.xml': { body: { name: 'AddObjectResponse', instanceNumber: 123, status: 1 } },
  'autonomous_transfer_complete_request.xml': {
    body: {
      name: 'AutonomousTransferComplete',
      announceUrl: 'https://acme-networks.com/firmware/downloads',
      transferUrl: 'https://acme-networks.com/firmware/downloads/firmware.bin',
      isDownload: true,
      fileType: '1 Firmware Upgrade Image',
      fileSize: 184258350,
      targetFileName: 'firmware.bin',
      faultStruct: { faultCode: 0, faultString: '' },
      startTime: '2024-06-10T23:04:00Z',
      completeTime: '2024-06-10T23:05:00Z',
    },
    warnings: ['CWMP_WARN_FAULT_STRUCT_TEXT'],
  },
  'autonomous_transfer_complete_response.xml': { body: { name: 'AutonomousTransferCompleteResponse' } },
  'delete_object_request.xml': {
    body: { name: 'DeleteObject', objectName: 'Device.NAT.PortMapping.', parameterKey: '123' },
  },
  'delete_object_response.xml': { body: { name: 'DeleteObjectResponse', status: 1 } },
  'download_request.xml': {
    body: {
      name: 'Download',
      commandKey: 'FirmwareUpgrade',
      fileType: '1 Firmware Upgrade Image',
      url: 'https://acme-networks.com/firmware/downloads/firmware.bin',
      username: 'cpe',
      password: 'secret',
      fileSize: 184258350,
      targetFileName: 'firmware.bin',
      delaySeconds: 0,
      successUrl: 'http://success',
      failureUrl: 'http://failure',
    },
  },
  'download_response.xml': {
    body: {
      name: 'DownloadResponse',
      status: 1,
      startTime: '2024-06-10T23:04:00Z',
      completeTime: '2024-06-10T23:05:00Z',
    },
  },
  'factory_reset_request.xml': { body: { name: 'FactoryReset' } },
  'factory_reset_response.xml': { body: { name: 'FactoryResetResponse' } },
  'fault_response.xml': {
    body: {
      name: 'Fault',
      soapFaultCode: 'Client',
      soapFaultString: 'CWMP fault',
      faultCode: 9000,
      faultString: 'Upload method not supported',
    },
  },
  'fault_set_parameter_values_response.xml': {
    body: {
      name: 'Fault',
      soapFaultCode: 'Client',
      soapFaultString: 'CWMP fault',
      faultCode: 9003,
      faultString: 'InvalidArguments',
      setParameterValuesFault: [
        {
          parameterName: 'InternetGatewayDevice.Time.LocalTimeZone',
          faultCode: 9007,
          faultString: 'Not a valid time zone value',
        },
        {
          parameterName: 'InternetGatewayDevice.Time.LocalTimeZoneName',
          faultCode: 9007,
          faultString: 'String too long',
        },
      ],
    },
  },
  'get_invalid_parameter_values_request.xml': {
    body: { name: 'GetParameterValues', parameterNames: ['Device.DeviceSummary.NonExisting'] },
  },
  'get_parameter_attributes_request.xml': {
    body: {
      name: 'GetParameterAttributes',
      parameterNames: ['Device.DeviceInfo.VendorConfigFile.1.Version'],
    },
  },
  'get_parameter_attributes_response.xml': {
    body: {
      name: 'GetParameterAttributesResponse',
      parameterList: [{ name: 'Device.DeviceSummary', notification: 1, accessList: ['Subscriber'] }],
    },
  },
  'get_parameter_names_request.xml': {
    body: { name: 'GetParameterNames', parameterPath: 'Device.', nextLevel: false },
  },
  'get_parameter_names_response.xml': {
    body: {
      name: 'GetParameterNamesResponse',
      parameterList: [
        { name: 'Device.', writable: false },
        { name: 'Device.RootDataModelVersion', writable: false },
        { name: 'Device.InterfaceStackNumberOfEntries', writable: false },
        { name: 'Device.CaptivePortal.', writable: false },
        { name: 'Device.CaptivePortal.Enable', writable: true },
      ],
    },
  },
  'get_parameter_values_fault_response.xml': {
    body: {
      name: 'Fault',
      soapFaultCode: 'Client',
      soapFaultString: 'CWMP fault',
      faultCode: 9005,
      faultString: 'InvalidParameterName',
    },
  },
  'get_parameter_values_request.xml': {
    body: { name: 'GetParameterValues', parameterNames: ['Device.DeviceSummary.'] },
  },
  'get_parameter_values_response.xml': {
    body: {
      name: 'GetParameterValuesResponse',
      parameterList: [
        { name: 'Device.DeviceInfo.VendorConfigFile.1.Version', type: 'string', value: '0.0', raw: '0.0' },
      ],
    },
  },
  'get_rpc_methods_request.xml': { body: { name: 'GetRPCMethods' } },
  'get_rpc_methods_response.xml': {
    body: {
      name: 'GetRPCMethodsResponse',
      methodList: [
        'GetRPCMethods',
        'SetParameterValues',
        'GetParameterValues',
        'GetParameterNames',
        'SetParameterAttributes',
        'GetParameterAttributes',
        'AddObject',
        'DeleteObject',
        'Download',
        'Reboot',
        'ScheduleInform',
        'FactoryReset',
      ],
    },
  },
  'inform_request.xml': {
    body: {
      name: 'Inform',
      deviceId: {
        manufacturer: 'ACME Networks',
        oui: 'DECADE',
        productClass: 'G3000E',
        serialNumber: 'G3000E-9799109101',
      },
      event: [{ eventCode: '0 BOOTSTRAP', commandKey: '' }],
      maxEnvelopes: 1,
      currentTime: '2024-06-10T01:33:00Z',
      retryCount: 0,
      parameterList: [
        str('Device.DeviceInfo.HardwareVersion', '1.0'),
        str('Device.DeviceInfo.ProvisioningCode', 'provisioning.code'),
        str('Device.DeviceInfo.SoftwareVersion', 'G3000E-1.2.3'),
        { name: 'Device.ManagementServer.AliasBasedAddressing', type: 'boolean', value: true, raw: '1' },
        str('Device.ManagementServer.ConnectionRequestURL', 'http://192.168.1.1:7547/acs'),
        str('Device.ManagementServer.ParameterKey', 'n/a'),
        str('Device.RootDataModelVersion', '2.11'),
        str('Device.X_ACME_WANDetection.PPPUserName', 'username'),
        str('Device.X_ACME_WANDetection.WANIPAddress', '192.168.1.1'),
        str('Device.X_ACME_WANDetection.WANMACAddress', 'de:ca:de:11:22:33'),
      ],
    } as CwmpMessage,
  },
  'inform_response.xml': { body: { name: 'InformResponse', maxEnvelopes: 1 } },
  'reboot_request.xml': { body: { name: 'Reboot', commandKey: 'example' } },
  'reboot_response.xml': { body: { name: 'RebootResponse' } },
  'set_parameter_attributes_request.xml': {
    body: {
      name: 'SetParameterAttributes',
      parameterList: [
        {
          name: 'Device.DeviceSummary',
          notificationChange: true,
          notification: 1,
          accessListChange: true,
          accessList: ['Subscriber'],
        },
      ],
    },
  },
  'set_parameter_attributes_response.xml': { body: { name: 'SetParameterAttributesResponse' } },
  'set_parameter_values_request.xml': {
    body: {
      name: 'SetParameterValues',
      parameterList: [
        str('Device.ManagementServer.ConnectionRequestUsername', 'G3000E-9799109101'),
        str('Device.ManagementServer.ConnectionRequestPassword', 'secret'),
      ],
      parameterKey: 'n/a',
    } as CwmpMessage,
  },
  'set_parameter_values_response.xml': { body: { name: 'SetParameterValuesResponse', status: 1 } },
  'transfer_complete_fault_request.xml': {
    body: {
      name: 'TransferComplete',
      commandKey: 'upgrade',
      faultStruct: { faultCode: 9015, faultString: 'Server Not Found' },
      startTime: '2024-06-10T23:04:00Z',
      completeTime: '2024-06-10T23:05:00Z',
    },
  },
  'transfer_complete_response.xml': { body: { name: 'TransferCompleteResponse' } },
  'transfer_complete_success_request.xml': {
    body: {
      name: 'TransferComplete',
      commandKey: 'upgrade',
      faultStruct: { faultCode: 0, faultString: '' },
      startTime: '2024-06-10T23:04:00Z',
      completeTime: '2024-06-10T23:05:00Z',
    },
    warnings: ['CWMP_WARN_FAULT_STRUCT_TEXT'],
  },
};

describeWithSharedData('real CWMP captures (../shared/data/cwmp-samples)', () => {
  // Paths only here: a skipped suite's body still runs, so files are read inside the tests.
  const dir = sharedDataPath('cwmp-samples');

  it('has an expectation for every capture', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.xml'));
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(files.filter((f) => !(f in EXPECTED))).toStrictEqual([]);
  });

  for (const file of Object.keys(EXPECTED)) {
    const expected = EXPECTED[file]!;
    it(`decodes ${file} to ${expected.body.name}`, () => {
      const { envelope, message, warnings } = decode(readFileSync(`${dir}/${file}`));
      expect(envelope.namespace).toBe('urn:dslforum-org:cwmp-1-0');
      expect(envelope.header).toStrictEqual({ id: '123' });
      expect(message).toStrictEqual(expected.body);
      expect(warnings.map((w) => w.code)).toStrictEqual(expected.warnings ?? []);
    });

    it(`round-trips ${file} through encode`, () => {
      const { envelope } = decode(readFileSync(`${dir}/${file}`, 'utf8'));
      expect(decode(encode(envelope)).envelope).toStrictEqual(envelope);
    });
  }
});
