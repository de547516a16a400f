/**
 * Whether this page has loaded the device manager (device-manager.ts). Devices exist only after it
 * has (the Bluetooth Manager or a record connected one), so the shell waits for it before it loads
 * its watch for lost devices, instead of loading the GATT decoders on every screen.
 */
let isLoaded = false;
const listeners = new Set<() => void>();

export const deviceManagerPresence = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isLoaded: () => isLoaded,
  markLoaded(): void {
    if (isLoaded) return;
    isLoaded = true;
    for (const listener of listeners) listener();
  },
};
