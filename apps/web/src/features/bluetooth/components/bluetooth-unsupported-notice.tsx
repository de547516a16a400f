import { TriangleAlert } from 'lucide-react';

/** Spec point 2: the amber notice of the manager when the browser lacks Web Bluetooth. */
export function BluetoothUnsupportedNotice({ simulation }: { simulation: boolean | undefined }) {
  return (
    <section
      aria-labelledby="bt-unsupported-heading"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      data-bluetooth-notice=""
    >
      <TriangleAlert
        className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300"
        aria-hidden="true"
      />
      <div className="flex flex-col gap-2 text-sm">
        <h2 id="bt-unsupported-heading" className="font-semibold">
          Web Bluetooth is not available in this browser
        </h2>
        <p>To connect real health devices you need:</p>
        <ul className="list-disc pl-5">
          <li>Chrome 56+, Edge 79+ or Opera 43+</li>
          <li>A desktop computer or Android device with Bluetooth</li>
          <li>Your permission when the browser asks to pair a device</li>
          <li>A secure context: HTTPS, or localhost</li>
        </ul>
        <p>
          {simulation !== false
            ? 'The app works in simulation mode: use a demo device on a patient marked "Demo patient" to see how readings flow.'
            : 'Simulated devices are turned off on this server: use a browser with Web Bluetooth, or the Health Device Bridge.'}
        </p>
      </div>
    </section>
  );
}
