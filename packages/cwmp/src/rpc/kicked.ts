// Kicked (TR-069 Amendment 6, A.4.2.1): a web "kick" from the subscriber's browser; the ACS answers NextURL.
import { readString } from '../fields';
import { writeString } from '../writer';
import type { RpcCodec } from './codec';

export interface Kicked {
  name: 'Kicked';
  command: string;
  referer: string;
  arg: string;
  next: string;
}

export interface KickedResponse {
  name: 'KickedResponse';
  nextUrl: string;
}

export const kicked: RpcCodec<Kicked> = {
  name: 'Kicked',
  decode: (el, ctx) => ({
    name: 'Kicked',
    command: readString(ctx, el, 'Command', 'required'),
    referer: readString(ctx, el, 'Referer', 'optional'),
    arg: readString(ctx, el, 'Arg', 'optional'),
    next: readString(ctx, el, 'Next', 'optional'),
  }),
  encode: (m) =>
    writeString('Command', m.command) +
    writeString('Referer', m.referer) +
    writeString('Arg', m.arg) +
    writeString('Next', m.next),
};

export const kickedResponse: RpcCodec<KickedResponse> = {
  name: 'KickedResponse',
  decode: (el, ctx) => ({ name: 'KickedResponse', nextUrl: readString(ctx, el, 'NextURL', 'optional') }),
  encode: (m) => writeString('NextURL', m.nextUrl),
};
