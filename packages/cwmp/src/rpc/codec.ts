// The shape every RPC module exports: one codec per message, both directions.
import type { DecodeContext } from '../fields';
import type { XmlElement } from '../xml/element';

export interface RpcCodec<M extends { name: string }> {
  /** The RPC element's local name, e.g. "SetParameterValues". */
  readonly name: M['name'];
  /** Reads the message from its RPC element (e.g. <cwmp:SetParameterValues>). */
  decode(el: XmlElement, ctx: DecodeContext): M;
  /** Writes the RPC element's content (the envelope and the element itself are added by encode()). */
  encode(msg: M): string;
}

/** Codec of an RPC without arguments (e.g. RebootResponse, FactoryReset). */
export function emptyCodec<N extends string>(name: N): RpcCodec<{ name: N }> {
  return {
    name,
    decode: () => ({ name }),
    encode: () => '',
  };
}
