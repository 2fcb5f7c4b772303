// What a device did, for assertions in tests and for the CLI's counters. Bounded: the oldest
// entries go first once `limit` is reached.
import type { EventStruct } from '@provisor/cwmp';

export type SessionLogEntry =
  | { at: number; kind: 'inform'; events: EventStruct[]; retryCount: number }
  /** `parameters`: the names a SetParameterValues set. */
  | { at: number; kind: 'rpc'; name: string; faultCode?: number; parameters?: string[] }
  | { at: number; kind: 'transfer-complete'; commandKey: string; faultCode: number; acknowledged: boolean }
  | { at: number; kind: 'session-end'; ok: boolean; error?: string }
  | { at: number; kind: 'connection-request'; outcome: 'accepted' | 'busy' | 'offline' | 'dropped' }
  | {
      at: number;
      kind: 'transfer';
      direction: 'download' | 'upload';
      commandKey: string;
      /** The FileType the ACS asked for (TR-069 Amendment 6, A.3.2.8, A.4.1.5). */
      fileType: string;
      /** Download: the TargetFileName the ACS gave; Upload: how the file was sent. */
      targetFileName?: string;
      method?: 'PUT' | 'POST';
      faultCode: number;
      detail?: string;
    };

type Entry = SessionLogEntry extends infer E ? (E extends SessionLogEntry ? Omit<E, 'at'> : never) : never;

export class SessionLog {
  readonly entries: SessionLogEntry[] = [];

  constructor(private readonly limit: number) {}

  add(entry: Entry): void {
    this.entries.push({ at: Date.now(), ...entry } as SessionLogEntry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  }
}
