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

/** Deadlines are kept per whole second: a device is due at most a second after its exact deadline. */
const SLOT_MS = 1000;

export function createDeadlines() {
  const slotOf = new Map<string, number>();
  const slots = new Map<number, Set<string>>();

  function remove(id: string, slot: number): void {
    const ids = slots.get(slot)!;
    ids.delete(id);
    if (ids.size === 0) slots.delete(slot);
  }

  return {
    /** Watches a device, due at `at` (milliseconds since the epoch); replaces its earlier deadline. */
    set(id: string, at: number): void {
      const slot = Math.ceil(at / SLOT_MS);
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

    /** Stops watching the devices due at `now` and answers them. */
    takeDue(now: number): string[] {
      const last = Math.floor(now / SLOT_MS);
      const due: string[] = [];
      // One entry per second that holds a deadline: at most twice the longest interval plus the grace.
      for (const [slot, ids] of slots) {
        if (slot > last) continue;
        for (const id of ids) {
          due.push(id);
          slotOf.delete(id);
        }
        slots.delete(slot);
      }
      return due;
    },

    get size(): number {
      return slotOf.size;
    },
  };
}

export type Deadlines = ReturnType<typeof createDeadlines>;
