import { describe, expect, it } from 'vitest';
import { cwmpFault, decode, encode } from '@provisor/cwmp';
import type { CwmpMessage, CwmpNamespace, Inform, TransferComplete } from '@provisor/cwmp';
import { startSession, stepSession } from './session';
import type { RpcServer, StepResult } from './session';

const inform: Inform = {
  name: 'Inform',
  deviceId: { manufacturer: 'M', oui: '000000', productClass: 'P', serialNumber: 'S' },
  event: [{ eventCode: '1 BOOT', commandKey: '' }],
  maxEnvelopes: 1,
  currentTime: '2024-01-01T00:00:00Z',
  retryCount: 0,
  parameterList: [],
};
const tc: TransferComplete = {
  name: 'TransferComplete',
  commandKey: 'dl',
  faultStruct: { faultCode: 0, faultString: '' },
  startTime: '2024-01-01T00:00:00Z',
  completeTime: '2024-01-01T00:00:01Z',
};

const acs = (
  body: CwmpMessage,
  header: Record<string, unknown> = {},
  namespace: CwmpNamespace = 'urn:dslforum-org:cwmp-1-2',
) => ({
  status: 200,
  body: encode({ namespace, header: { id: 'a1', ...header }, body }),
});
const empty = { status: 204, body: '' };
const serveNothing: RpcServer = () => cwmpFault(9002);
const sent = (r: StepResult) =>
  r.post === undefined ? 'end' : r.post === '' ? 'empty' : decode(r.post).message.name;

describe('the CPE session step function (TR-069 Amendment 6, 3.7)', () => {
  it('sends the Inform first, then its own requests, then an empty POST, and ends on the empty answer', () => {
    let r = startSession(inform, [tc], 'urn:dslforum-org:cwmp-1-2');
    expect(sent(r)).toBe('Inform');
    expect(decode(r.post!).envelope.header).toMatchObject({
      id: '1',
      supportedCwmpVersions: ['1.0', '1.1', '1.2', '1.3', '1.4'],
    });
    r = stepSession(r.state, acs({ name: 'InformResponse', maxEnvelopes: 1 }), serveNothing);
    expect(r.effects).toEqual([{ kind: 'inform-delivered', events: inform.event }]);
    expect(sent(r)).toBe('TransferComplete');
    r = stepSession(r.state, acs({ name: 'TransferCompleteResponse' }), serveNothing);
    expect(r.effects).toEqual([{ kind: 'request-acknowledged', request: tc }]);
    expect(sent(r)).toBe('empty');
    r = stepSession(r.state, empty, serveNothing);
    expect(r.state.phase).toBe('done');
    expect(sent(r)).toBe('end');
  });

  it('answers each ACS request echoing its cwmp:ID, in the namespace the ACS chose', () => {
    let r = startSession(inform, [], 'urn:dslforum-org:cwmp-1-2');
    r = stepSession(
      r.state,
      acs({ name: 'InformResponse', maxEnvelopes: 1 }, {}, 'urn:dslforum-org:cwmp-1-0'),
      serveNothing,
    );
    r = stepSession(r.state, acs({ name: 'GetRPCMethods' }, { id: 'req-7' }), () => ({
      name: 'GetRPCMethodsResponse',
      methodList: ['Inform'],
    }));
    const answer = decode(r.post!);
    expect(answer.envelope).toMatchObject({
      namespace: 'urn:dslforum-org:cwmp-1-0',
      header: { id: 'req-7' },
    });
    expect(answer.message).toEqual({ name: 'GetRPCMethodsResponse', methodList: ['Inform'] });
    expect(r.effects).toEqual([{ kind: 'rpc-served', name: 'GetRPCMethods' }]);
  });

  it('tells which parameters a SetParameterValues set, answered or faulted', () => {
    const spv = {
      name: 'SetParameterValues',
      parameterList: [
        { name: 'Device.WiFi.SSID.1.SSID', type: 'string', raw: 'home', value: 'home' },
        { name: 'Device.WiFi.SSID.1.Enable', type: 'boolean', raw: 'true', value: true },
      ],
      parameterKey: 'k1',
    } as unknown as CwmpMessage;
    const open = stepSession(
      startSession(inform, [], 'urn:dslforum-org:cwmp-1-2').state,
      acs({ name: 'InformResponse', maxEnvelopes: 1 }),
      serveNothing,
    ).state;
    const names = ['Device.WiFi.SSID.1.SSID', 'Device.WiFi.SSID.1.Enable'];
    const done = stepSession(open, acs(spv), () => ({ name: 'SetParameterValuesResponse', status: 0 }));
    expect(done.effects).toEqual([{ kind: 'rpc-served', name: 'SetParameterValues', parameters: names }]);
    const refused = stepSession(open, acs(spv), serveNothing);
    expect(refused.effects).toEqual([
      { kind: 'rpc-served', name: 'SetParameterValues', faultCode: 9002, parameters: names },
    ]);
  });

  it('uses UseCWMPVersion when the ACS sends it', () => {
    let r = startSession(inform, [], 'urn:dslforum-org:cwmp-1-2');
    r = stepSession(
      r.state,
      acs({ name: 'InformResponse', maxEnvelopes: 1 }, { useCwmpVersion: '1.0' }),
      serveNothing,
    );
    expect(r.state.namespace).toBe('urn:dslforum-org:cwmp-1-0');
  });

  it('holds its requests while the ACS says HoldRequests, and sends them once the ACS is done', () => {
    let r = startSession(inform, [tc], 'urn:dslforum-org:cwmp-1-2');
    r = stepSession(
      r.state,
      acs({ name: 'InformResponse', maxEnvelopes: 1 }, { holdRequests: true }),
      serveNothing,
    );
    expect(sent(r)).toBe('empty');
    r = stepSession(r.state, empty, serveNothing);
    expect(sent(r)).toBe('TransferComplete');
  });

  it('fails on an HTTP error, a fault to the Inform, or an empty answer to the Inform', () => {
    const start = () => startSession(inform, [], 'urn:dslforum-org:cwmp-1-2').state;
    expect(stepSession(start(), { status: 503, body: '' }, serveNothing).state).toMatchObject({
      phase: 'failed',
      error: 'ACS answered HTTP 503',
    });
    expect(stepSession(start(), acs(cwmpFault(8002)), serveNothing).state.error).toMatch(/fault 8002/);
    expect(stepSession(start(), empty, serveNothing).state.error).toMatch(/without an InformResponse/);
  });

  it('re-sends a request the ACS answers with 8005, up to maxRetryRequests', () => {
    const limits = { maxMessages: 100, maxRetryRequests: 1 };
    let r = startSession(inform, [tc], 'urn:dslforum-org:cwmp-1-2');
    r = stepSession(r.state, acs({ name: 'InformResponse', maxEnvelopes: 1 }), serveNothing, limits);
    r = stepSession(r.state, acs(cwmpFault(8005)), serveNothing, limits);
    expect(sent(r)).toBe('TransferComplete');
    r = stepSession(r.state, acs(cwmpFault(8005)), serveNothing, limits);
    expect(sent(r)).toBe('empty');
    expect(r.effects[0]).toMatchObject({ kind: 'request-refused' });
  });

  it('answers an RPC it does not know with 9000, echoing the ID', () => {
    let r = startSession(inform, [], 'urn:dslforum-org:cwmp-1-2');
    r = stepSession(r.state, acs({ name: 'InformResponse', maxEnvelopes: 1 }), serveNothing);
    const unknown = encode({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'x9' },
      body: { name: 'GetRPCMethods' },
    }).replace(/GetRPCMethods/g, 'X_ACME_Frobnicate');
    r = stepSession(r.state, { status: 200, body: unknown }, serveNothing);
    const answer = decode(r.post!);
    expect(answer.envelope.header.id).toBe('x9');
    expect(answer.message).toMatchObject({ name: 'Fault', faultCode: 9000 });
  });

  it('gives up after maxMessages POSTs', () => {
    const limits = { maxMessages: 3, maxRetryRequests: 5 };
    let r = startSession(inform, [], 'urn:dslforum-org:cwmp-1-2');
    r = stepSession(r.state, acs({ name: 'InformResponse', maxEnvelopes: 1 }), serveNothing, limits);
    r = stepSession(r.state, acs({ name: 'GetRPCMethods' }), serveNothing, limits);
    r = stepSession(r.state, acs({ name: 'GetRPCMethods' }), serveNothing, limits);
    expect(r.state).toMatchObject({ phase: 'failed', error: expect.stringMatching(/exceeded 3 messages/) });
  });
});
