// When each device that is not offline turns offline unless it informs again, kept in memory.
//
// Every Inform writes last_inform_at. While an index followed it (migration 0002; dropped in 0009),
// no Inform update on PostgreSQL could be a HOT update, so each one also wrote new entries into every
// other index of the devices table, the trigram GIN indexes of search included: 1,200-1,300
// sessions/s, against 1,850-2,050 with HOT updates (bench/session-throughput, analyzed tables).
// Without that index the database cannot find silent devices cheaply, so the process keeps their
// deadlines itself: it learns them from the Informs it answers, and at start from the database
// (devices service, `watchAll`). A deadline is only when to look: the sweep checks the device's row
// before it turns the device offline, so a device that informed to another process sharing the
// database is only watched again.
//
// A process watches every device that is not offline: 833,333 of a million (bench/million-devices).
// Kept as a Map of id strings and a Set per second, that was about 140 bytes a device, most of the
// server's settled memory. Device ids are UUIDs (devices/repository.ts), so they are kept as their
// 16 bytes in an open-addressing table of typed arrays instead, about 30 bytes a device with the
// lists of what is due each second; an id of any other shape (a database written by other means)
// is kept the old way, beside them.

/** Deadlines are kept per whole second: a device is due at most a second after its exact deadline. */
const SLOT_MS = 1000;

/** A table entry that never held a device (ends a probe), and one whose device left (does not). */
const EMPTY = 0;
const GONE = 1;
/** Live and gone entries together at most this share of the table, else it is rebuilt. */
const MAX_FILL = 0.75;

/** A UUID as randomUUID writes it (lowercase): the only shape kept as bytes, so it reads back the same. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

function uuidText(w0: number, w1: number, w2: number, w3: number): string {
  const b = hex8(w1);
  const c = hex8(w2);
  return `${hex8(w0)}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${hex8(w3)}`;
}

/** Deadlines of ids of any shape: a Map of ids and a Set per second. */
function createTextDeadlines() {
  const slotOf = new Map<string, number>();
  const slots = new Map<number, Set<string>>();

  function remove(id: string, slot: number): void {
    const ids = slots.get(slot)!;
    ids.delete(id);
    if (ids.size === 0) slots.delete(slot);
  }

  return {
    set(id: string, slot: number): void {
      const old = slotOf.get(id);
      if (old === slot) return;
      if (old !== undefined) remove(id, old);
      slotOf.set(id, slot);
      let ids = slots.get(slot);
      if (!ids) slots.set(slot, (ids = new Set()));
      ids.add(id);
    },
    delete(id: string): void {
      const slot = slotOf.get(id);
      if (slot === undefined) return;
      slotOf.delete(id);
      remove(id, slot);
    },
    takeDue(last: number, due: string[]): void {
      for (const [slot, ids] of slots) {
        if (slot > last) continue;
        for (const id of ids) {
          due.push(id);
          slotOf.delete(id);
        }
        slots.delete(slot);
      }
    },
    get size(): number {
      return slotOf.size;
    },
  };
}

/**
 * Deadlines of UUIDs: the 16 bytes of each in `keys` (four words an entry), its second in `seconds`
 * (EMPTY, GONE, or the second it is due), found by linear probing. Each second that holds deadlines
 * lists the table entries set to it; an entry moved to another second, or gone, stays in the old
 * list and is skipped there (its `seconds` no longer match), so a move costs one push.
 */
function createUuidDeadlines(initialCapacity = 1024) {
  let capacity = initialCapacity;
  let keys = new Uint32Array(capacity * 4);
  let seconds = new Uint32Array(capacity);
  let live = 0;
  let gone = 0;
  let due = new Map<number, number[]>();

  function listAt(slot: number, entry: number): void {
    const list = due.get(slot);
    if (list) list.push(entry);
    else due.set(slot, [entry]);
  }

  /** The entry holding this id, or where it would go (~entry - 1 when absent: the first free one). */
  function find(w0: number, w1: number, w2: number, w3: number): number {
    const mask = capacity - 1;
    let i = (w0 ^ w3) & mask;
    let free = -1;
    for (;;) {
      const s = seconds[i]!;
      if (s === EMPTY) return -(free === -1 ? i : free) - 1;
      if (s === GONE) {
        if (free === -1) free = i;
      } else if (
        keys[i * 4] === w0 &&
        keys[i * 4 + 1] === w1 &&
        keys[i * 4 + 2] === w2 &&
        keys[i * 4 + 3] === w3
      )
        return i;
      i = (i + 1) & mask;
    }
  }

  /** Rebuilt without the gone entries, twice as large when live entries fill half of it. */
  function rebuild(): void {
    const oldKeys = keys;
    const oldSeconds = seconds;
    const oldCapacity = capacity;
    if (live * 2 > capacity) capacity *= 2;
    keys = new Uint32Array(capacity * 4);
    seconds = new Uint32Array(capacity);
    due = new Map();
    gone = 0;
    for (let j = 0; j < oldCapacity; j++) {
      const s = oldSeconds[j]!;
      if (s === EMPTY || s === GONE) continue;
      const at = -find(oldKeys[j * 4]!, oldKeys[j * 4 + 1]!, oldKeys[j * 4 + 2]!, oldKeys[j * 4 + 3]!) - 1;
      keys.set(oldKeys.subarray(j * 4, j * 4 + 4), at * 4);
      seconds[at] = s;
      listAt(s, at);
    }
  }

  function words(id: string): [number, number, number, number] {
    return [
      parseInt(id.slice(0, 8), 16),
      parseInt(id.slice(9, 13) + id.slice(14, 18), 16),
      parseInt(id.slice(19, 23) + id.slice(24, 28), 16),
      parseInt(id.slice(28, 36), 16),
    ];
  }

  return {
    set(id: string, slot: number): void {
      const [w0, w1, w2, w3] = words(id);
      const i = find(w0, w1, w2, w3);
      if (i >= 0) {
        if (seconds[i] === slot) return;
        seconds[i] = slot;
        listAt(slot, i);
        return;
      }
      const at = -i - 1;
      if (seconds[at] === GONE) gone--;
      keys[at * 4] = w0;
      keys[at * 4 + 1] = w1;
      keys[at * 4 + 2] = w2;
      keys[at * 4 + 3] = w3;
      seconds[at] = slot;
      live++;
      listAt(slot, at);
      if (live + gone > capacity * MAX_FILL) rebuild();
    },
    delete(id: string): void {
      const i = find(...words(id));
      if (i < 0) return;
      seconds[i] = GONE;
      live--;
      gone++;
    },
    takeDue(last: number, out: string[]): void {
      for (const [slot, entries] of due) {
        if (slot > last) continue;
        for (const i of entries) {
          // Moved to another second since, gone, or already answered from an earlier place in a list.
          if (seconds[i] !== slot) continue;
          out.push(uuidText(keys[i * 4]!, keys[i * 4 + 1]!, keys[i * 4 + 2]!, keys[i * 4 + 3]!));
          seconds[i] = GONE;
          live--;
          gone++;
        }
        due.delete(slot);
      }
      if (gone > capacity / 4) rebuild();
    },
    get size(): number {
      return live;
    },
  };
}

export function createDeadlines() {
  const uuids = createUuidDeadlines();
  const others = createTextDeadlines();
  const slotOf = (at: number) => Math.max(GONE + 1, Math.ceil(at / SLOT_MS));

  return {
    /** Watches a device, due at `at` (milliseconds since the epoch); replaces its earlier deadline. */
    set(id: string, at: number): void {
      if (UUID.test(id)) uuids.set(id, slotOf(at));
      else others.set(id, slotOf(at));
    },

    delete(id: string): void {
      if (UUID.test(id)) uuids.delete(id);
      else others.delete(id);
    },

    /** Stops watching the devices due at `now` and answers them. */
    takeDue(now: number): string[] {
      const last = Math.floor(now / SLOT_MS);
      const due: string[] = [];
      // One list per second that holds a deadline: at most twice the longest interval plus the grace.
      uuids.takeDue(last, due);
      others.takeDue(last, due);
      return due;
    },

    get size(): number {
      return uuids.size + others.size;
    },
  };
}

export type Deadlines = ReturnType<typeof createDeadlines>;
