// Version negotiation (TR-069 Amendment 6, 3.7.4), as cwmp-acs-go and icwmp do it: pick the highest
// version both sides support, else infer it from the namespace.
import type { CwmpHeader } from './message';
import { namespaceMinor } from './namespaces';
import type { CwmpNamespace } from './namespaces';

export const CWMP_VERSIONS = Object.freeze(['1.0', '1.1', '1.2', '1.3', '1.4'] as const);
export type CwmpVersion = (typeof CWMP_VERSIONS)[number];

export type NegotiationResult =
  | {
      ok: true;
      version: CwmpVersion;
      /** Namespace for the InformResponse and the rest of the session. */
      namespace: CwmpNamespace;
      /** Put in the InformResponse header; set only when the CPE sent SupportedCWMPVersions. */
      useCwmpVersion?: CwmpVersion;
    }
  /** No common version: answer the Inform with fault 8006 "ACS version incompatible with CPE". */
  | { ok: false; faultCode: 8006; reason: string };

function minorOf(v: CwmpVersion): number {
  return v.charCodeAt(2) - 48;
}

/** The official namespace of a version: 1.3 and 1.4 still use cwmp-1-2 (as cwmp-1-4.xsd declares). */
export function namespaceForVersion(v: CwmpVersion): CwmpNamespace {
  return `urn:dslforum-org:cwmp-1-${Math.min(minorOf(v), 2)}` as CwmpNamespace;
}

/**
 * The version a CPE speaks when it sends no SupportedCWMPVersions: cwmp-1-2 is 1.2, or 1.3 when the
 * Inform carries SessionTimeout (a 1.3 header). The unofficial cwmp-1-3/1-4 URNs map literally.
 */
export function versionOfNamespace(ns: CwmpNamespace, hasSessionTimeout = false): CwmpVersion {
  const minor = namespaceMinor(ns);
  if (minor === 2 && hasSessionTimeout) return '1.3';
  return CWMP_VERSIONS[minor] ?? '1.0';
}

function isVersion(v: string): v is CwmpVersion {
  return (CWMP_VERSIONS as readonly string[]).includes(v);
}

/**
 * Chooses the session's CWMP version from an Inform's namespace and header. `acsVersions` are the
 * versions this ACS speaks (default all, 1.0-1.4).
 */
export function negotiateVersion(
  inform: { namespace: CwmpNamespace; header: CwmpHeader },
  acsVersions: readonly CwmpVersion[] = CWMP_VERSIONS,
): NegotiationResult {
  const cpeNs = inform.namespace;
  const supported = inform.header.supportedCwmpVersions;
  let version: CwmpVersion | undefined;
  if (supported !== undefined) {
    for (const v of supported) {
      if (
        isVersion(v) &&
        acsVersions.includes(v) &&
        (version === undefined || minorOf(v) > minorOf(version))
      ) {
        version = v;
      }
    }
    if (version === undefined) {
      return {
        ok: false,
        faultCode: 8006,
        reason: `no common version in ${supported.join(',') || '(empty)'}`,
      };
    }
  } else {
    const inferred = versionOfNamespace(cpeNs, inform.header.sessionTimeout !== undefined);
    for (const v of acsVersions) {
      if (minorOf(v) <= minorOf(inferred) && (version === undefined || minorOf(v) > minorOf(version)))
        version = v;
    }
    if (version === undefined) return { ok: false, faultCode: 8006, reason: `CPE speaks ${inferred}` };
  }
  // Echo the CPE's namespace when it is valid for the chosen version (it may be an unofficial
  // cwmp-1-3/1-4 URN the CPE insists on); otherwise the version's own namespace.
  const canonical = namespaceForVersion(version);
  const namespace = namespaceMinor(cpeNs) >= 2 && minorOf(version) >= 2 ? cpeNs : canonical;
  const result: NegotiationResult = { ok: true, version, namespace };
  if (supported !== undefined) result.useCwmpVersion = version;
  return result;
}
