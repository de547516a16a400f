import { createContext } from 'react';
import type { DeviceManager } from './device-manager.ts';

/** What screens use of the device manager: a test passes a fake with the same shape. */
export type BluetoothManager = Pick<
  DeviceManager,
  'subscribe' | 'getSnapshot' | 'connectBluetooth' | 'connectDemo' | 'disconnect' | 'readNow' | 'isHeldHere'
>;

/**
 * Where the page's device manager lives, given by DeviceManagerProvider (React context, not a module
 * singleton). The manager's code (the GATT decoders) loads with the first screen that uses Bluetooth,
 * which makes it here; the shell's watch for lost devices waits until one exists. Light: it imports
 * the manager's type only.
 */
export class DeviceManagerSlot {
  #manager: BluetoothManager | null;
  readonly #listeners = new Set<() => void>();

  constructor(manager: BluetoothManager | null = null) {
    this.#manager = manager;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  hasManager = (): boolean => this.#manager !== null;

  /** The manager, made by `create` the first time; call {@link announce} once it is on screen. */
  obtain(create: () => BluetoothManager): BluetoothManager {
    this.#manager ??= create();
    return this.#manager;
  }

  /** Tells those waiting (the shell's lost-device watch) that a manager exists; after a render, never during. */
  announce(): void {
    if (this.#manager === null) return;
    for (const listener of this.#listeners) listener();
  }
}

export const DeviceManagerContext = createContext<DeviceManagerSlot | null>(null);
