// A counting semaphore: at most `size` sessions run at once across the fleet, so a thousand
// devices booting together do not open a thousand connections to the ACS at the same instant.
export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.used++;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.used--;
          this.waiting.shift()?.();
        });
      };
      if (this.used < this.size) grant();
      else this.waiting.push(grant);
    });
  }

  get inUse(): number {
    return this.used;
  }
}
