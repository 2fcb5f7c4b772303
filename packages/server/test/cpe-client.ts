// A minimal scripted CPE for tests: one keep-alive connection (undici Client), cookies kept for the
// session, envelopes built with the codec. It is not the simulator; it lets a test say each step.
import {
  decode,
  encode,
  parameterValue,
  type CwmpEnvelope,
  type CwmpMessage,
  type CwmpNamespace,
  type DecodedEnvelope,
} from '@provisor/cwmp';
import { Client } from 'undici';

export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  envelope?: DecodedEnvelope;
}

export class TestCpe {
  private readonly client: Client;
  /** The session cookie it sends (`name=value`), as a router keeps it; '' for none. */
  cookie = '';
  constructor(
    private readonly baseUrl: string,
    readonly identity = {
      oui: '00259E',
      productClass: 'EG8145V5',
      serialNumber: 'HWTC00000001',
      manufacturer: 'Huawei',
    },
    /** A connection to share with other CPEs, as a proxy's reused upstream connection is. */
    client?: Client,
  ) {
    this.client = client ?? new Client(baseUrl, { keepAliveTimeout: 30_000 });
  }

  async post(body: string | Buffer, headers: Record<string, string> = {}, path = '/'): Promise<Exchange> {
    const res = await this.client.request({
      method: 'POST',
      path,
      body,
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
    });
    const text = await res.body.text();
    const setCookie = res.headers['set-cookie'];
    if (setCookie) this.cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    const exchange: Exchange = { status: res.statusCode, headers: res.headers, text };
    if (res.statusCode === 200 && text.includes('Envelope')) exchange.envelope = decode(text).envelope;
    return exchange;
  }

  send(
    body: CwmpMessage,
    id = 'cpe-1',
    namespace: CwmpNamespace = 'urn:dslforum-org:cwmp-1-2',
    headers: Record<string, string> = {},
  ) {
    const env: CwmpEnvelope = { namespace, header: { id }, body };
    return this.post(encode(env), headers);
  }

  informMessage(
    events: string[] = ['0 BOOTSTRAP', '1 BOOT'],
    extra: { name: string; value: string }[] = [],
  ): CwmpMessage {
    const parameterList = [
      parameterValue('InternetGatewayDevice.DeviceInfo.SoftwareVersion', 'string', 'V5R020C00S280'),
      parameterValue('InternetGatewayDevice.DeviceInfo.HardwareVersion', 'string', '15AD.A'),
      parameterValue(
        'InternetGatewayDevice.ManagementServer.ConnectionRequestURL',
        'string',
        'http://127.0.0.1:7547/cr',
      ),
      parameterValue('InternetGatewayDevice.ManagementServer.PeriodicInformInterval', 'unsignedInt', 300),
    ];
    // An extra parameter of the same name replaces the default one.
    for (const p of extra) {
      const value = parameterValue(p.name, 'string', p.value);
      const i = parameterList.findIndex((d) => d.name === p.name);
      if (i >= 0) parameterList[i] = value;
      else parameterList.push(value);
    }
    return {
      name: 'Inform',
      deviceId: { ...this.identity },
      event: events.map((eventCode) => ({ eventCode, commandKey: '' })),
      maxEnvelopes: 1,
      currentTime: new Date().toISOString(),
      retryCount: 0,
      parameterList,
    } as CwmpMessage;
  }

  inform(events?: string[], headers: Record<string, string> = {}, extra?: { name: string; value: string }[]) {
    return this.send(this.informMessage(events, extra), 'inform-1', 'urn:dslforum-org:cwmp-1-2', headers);
  }

  /** A new session starts with a fresh cookie jar. */
  forgetCookies(): void {
    this.cookie = '';
  }

  close() {
    return this.client.close();
  }
}
