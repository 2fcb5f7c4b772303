// How a device reports coming back from a reboot the ACS asked for (TR-069 Amendment 6, A.3.2.9
// Reboot, A.4.1.6 FactoryReset, A.3.3.1 event codes). The standard says 1 BOOT + M Reboot with the
// Reboot's CommandKey, and 0 BOOTSTRAP after a factory reset; real routers often send less, and some
// never come back at all. Each kind is an option, so the ACS can be tested against it.

export interface RebootBehaviour {
  /**
   * The Inform after Reboot: 'standard' 1 BOOT + M Reboot with the CommandKey; 'boot-only' 1 BOOT
   * alone; 'empty-command-key' 1 BOOT + M Reboot with an empty CommandKey.
   */
  rebootEvents: 'standard' | 'boot-only' | 'empty-command-key';
  /**
   * The Inform after FactoryReset: 'standard' 0 BOOTSTRAP + 1 BOOT; 'boot-only' 1 BOOT alone (the
   * reset keeps the device's bootstrap with this ACS).
   */
  factoryResetEvents: 'standard' | 'boot-only';
  /** false: a device that goes down for a reboot (Reboot, FactoryReset, a new firmware image) stays down. */
  comesBack: boolean;
}

export const STANDARD_REBOOTS: RebootBehaviour = {
  rebootEvents: 'standard',
  factoryResetEvents: 'standard',
  comesBack: true,
};

export const REBOOT_EVENTS = ['standard', 'boot-only', 'empty-command-key'] as const;
export const FACTORY_RESET_EVENTS = ['standard', 'boot-only'] as const;

/** Checks options given as data (the CLI checks its own); the message says what to use instead. */
export function validateRebootBehaviour(b: Partial<RebootBehaviour>): void {
  if (b.rebootEvents !== undefined && !(REBOOT_EVENTS as readonly string[]).includes(b.rebootEvents))
    throw new Error(
      `rebootEvents must be one of ${REBOOT_EVENTS.join(', ')}, not "${String(b.rebootEvents)}"`,
    );
  if (
    b.factoryResetEvents !== undefined &&
    !(FACTORY_RESET_EVENTS as readonly string[]).includes(b.factoryResetEvents)
  )
    throw new Error(
      `factoryResetEvents must be one of ${FACTORY_RESET_EVENTS.join(', ')}, not "${String(b.factoryResetEvents)}"`,
    );
  if (b.comesBack !== undefined && typeof b.comesBack !== 'boolean')
    throw new Error(`comesBack must be true or false, not "${String(b.comesBack)}"`);
}

/** The events of the Inform after the ACS's Reboot with this CommandKey (besides 1 BOOT). */
export function rebootEventsFor(
  b: RebootBehaviour,
  commandKey: string,
): { eventCode: string; commandKey: string }[] {
  switch (b.rebootEvents) {
    case 'standard':
      return [{ eventCode: 'M Reboot', commandKey }];
    case 'empty-command-key':
      return [{ eventCode: 'M Reboot', commandKey: '' }];
    case 'boot-only':
      return [];
  }
}
