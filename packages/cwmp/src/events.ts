// Inform event codes (TR-069 Amendment 6, A.3.3.1; their delivery, 3.7.1.5) and what each asks of the
// ACS. Unknown events are normal (vendor "X <OUI> ..." codes); never fault on one.

/** The standard single events, code → meaning. */
export const EVENT_CODES = Object.freeze({
  '0 BOOTSTRAP': 'First contact after manufacture or factory reset, or after ManagementServer.URL changed',
  '1 BOOT': 'The CPE booted',
  '2 PERIODIC': 'The periodic inform timer fired',
  '3 SCHEDULED': 'A ScheduleInform came due',
  '4 VALUE CHANGE': 'Parameters with notification 1 or 2 changed; their values are in ParameterList',
  '5 KICKED': 'Session for a Kicked request',
  '6 CONNECTION REQUEST': 'Triggered by an HTTP, UDP or XMPP connection request',
  '7 TRANSFER COMPLETE': 'A Download, Upload or ScheduleDownload finished; a TransferComplete follows',
  '8 DIAGNOSTICS COMPLETE': 'A diagnostic the ACS started finished',
  '9 REQUEST DOWNLOAD': 'The CPE wants a file; a RequestDownload follows',
  '10 AUTONOMOUS TRANSFER COMPLETE': 'A transfer the ACS did not request finished',
  '11 DU STATE CHANGE COMPLETE': 'A ChangeDUState finished; a DUStateChangeComplete follows',
  '12 AUTONOMOUS DU STATE CHANGE COMPLETE': 'A deployment unit changed on the CPE’s own initiative',
  '13 WAKEUP': 'The CPE woke from standby (1.4)',
  '14 HEARTBEAT': 'HeartbeatPolicy timer (Amd 6); never combined with other events',
} as const);

export type StandardEventCode = keyof typeof EVENT_CODES;

/** "M <method>" events: completion of that ACS request; CommandKey echoes the request's key. */
export const METHOD_EVENT_CODES = Object.freeze([
  'M Reboot',
  'M ScheduleInform',
  'M Download',
  'M ScheduleDownload',
  'M Upload',
  'M ChangeDUState',
] as const);

export type ParsedEventCode =
  | { kind: 'standard'; code: StandardEventCode; number: number }
  /** "M Reboot" → method "Reboot"; vendor methods "M X_<vendor>_<Method>" too. */
  | { kind: 'method'; method: string }
  /** "X <OUI> <event>". */
  | { kind: 'vendor'; oui: string; event: string }
  | { kind: 'unknown'; code: string };

/** Classifies an EventCode (surrounding whitespace ignored). */
export function parseEventCode(raw: string): ParsedEventCode {
  const code = raw.trim();
  if (Object.hasOwn(EVENT_CODES, code)) {
    return { kind: 'standard', code: code as StandardEventCode, number: parseInt(code, 10) };
  }
  if (code.startsWith('M ') && code.length > 2) return { kind: 'method', method: code.slice(2) };
  if (code.startsWith('X ')) {
    const space = code.indexOf(' ', 2);
    if (space > 2) return { kind: 'vendor', oui: code.slice(2, space), event: code.slice(space + 1) };
  }
  return { kind: 'unknown', code };
}

/** Events as an Inform carries them, or bare codes. */
export type EventList = readonly ({ eventCode: string } | string)[];

function codeOf(e: { eventCode: string } | string): string {
  return (typeof e === 'string' ? e : e.eventCode).trim();
}

/** Does the list contain this event code? */
export function hasEvent(events: EventList, code: string): boolean {
  return events.some((e) => codeOf(e) === code);
}

/** CommandKeys of every event with this code (e.g. "M Download"), in order. */
export function commandKeysOf(
  events: readonly { eventCode: string; commandKey: string }[],
  code: string,
): string[] {
  return events.filter((e) => e.eventCode.trim() === code).map((e) => e.commandKey);
}

/** 0 BOOTSTRAP: treat the device as new; drop cached state and re-provision, attributes included. */
export const isBootstrap = (events: EventList): boolean => hasEvent(events, '0 BOOTSTRAP');
/** 1 BOOT: re-check SoftwareVersion and volatile state. */
export const isBoot = (events: EventList): boolean => hasEvent(events, '1 BOOT');
export const isPeriodic = (events: EventList): boolean => hasEvent(events, '2 PERIODIC');
export const isScheduled = (events: EventList): boolean => hasEvent(events, '3 SCHEDULED');
export const isValueChange = (events: EventList): boolean => hasEvent(events, '4 VALUE CHANGE');
export const isConnectionRequest = (events: EventList): boolean => hasEvent(events, '6 CONNECTION REQUEST');
export const isDiagnosticsComplete = (events: EventList): boolean =>
  hasEvent(events, '8 DIAGNOSTICS COMPLETE');
export const isWakeup = (events: EventList): boolean => hasEvent(events, '13 WAKEUP');
/** 14 HEARTBEAT: a liveness Inform; answer and normally end with 204. */
export const isHeartbeat = (events: EventList): boolean => hasEvent(events, '14 HEARTBEAT');
/** 7 TRANSFER COMPLETE: the CPE will call TransferComplete in this session; always accept it. */
export const needsTransferComplete = (events: EventList): boolean => hasEvent(events, '7 TRANSFER COMPLETE');
/** 5 KICKED: expect a Kicked request. */
export const expectsKicked = (events: EventList): boolean => hasEvent(events, '5 KICKED');
/** 9 REQUEST DOWNLOAD: expect a RequestDownload. */
export const expectsRequestDownload = (events: EventList): boolean => hasEvent(events, '9 REQUEST DOWNLOAD');
/** 10 AUTONOMOUS TRANSFER COMPLETE: expect AutonomousTransferComplete. */
export const expectsAutonomousTransferComplete = (events: EventList): boolean =>
  hasEvent(events, '10 AUTONOMOUS TRANSFER COMPLETE');
/** 11 DU STATE CHANGE COMPLETE: expect DUStateChangeComplete. */
export const expectsDuStateChangeComplete = (events: EventList): boolean =>
  hasEvent(events, '11 DU STATE CHANGE COMPLETE');
/** 12 AUTONOMOUS DU STATE CHANGE COMPLETE: expect AutonomousDUStateChangeComplete. */
export const expectsAutonomousDuStateChangeComplete = (events: EventList): boolean =>
  hasEvent(events, '12 AUTONOMOUS DU STATE CHANGE COMPLETE');
