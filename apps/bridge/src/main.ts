import type { BridgeEvent } from '@vigil/domain';
import type { BleCentral } from './ble/central.ts';
import { loadNobleCentral } from './ble/noble-central.ts';
import { SimulatedCentral } from './ble/simulated-central.ts';
import { createActionHandler } from './bridge-actions.ts';
import { ConfigError, isLoopbackHost, loadConfig, USAGE } from './config.ts';
import { DeviceManager } from './devices/device-manager.ts';
import { createLogger } from './log.ts';
import { createHttpPairingVerifier } from './socket/pairing.ts';
import { type SocketServer, startSocketServer } from './socket/socket-server.ts';
import { lockDataDir } from './store/data-dir.ts';
import { DeadLetter } from './store/dead-letter.ts';
import { Journal } from './store/journal.ts';
import { LinkStore } from './store/link-store.ts';
import { Uploader } from './upload/uploader.ts';
import { createVigilClient } from './upload/vigil-client.ts';

async function main() {
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  }
  if (loaded === 'help') {
    console.log(USAGE);
    return;
  }
  const config = loaded;
  const log = createLogger(config.logLevel);
  const now = () => new Date();
  // A bug must not take the gateway down: everything taken in is on disk, so carry on and say so.
  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { err: error }));

  const unlock = lockDataDir(config.dataDir);
  const links = await LinkStore.open(config.dataDir);
  const journal = await Journal.open(config.dataDir, { compactAfter: config.compactAfter, log });
  const central: BleCentral = config.simulate
    ? new SimulatedCentral({ installationId: links.installationId, intervalMs: config.simIntervalMs })
    : await loadNobleCentral(log);
  central.on('adapterState', (state) => log.info('bluetooth adapter', { state }));

  let socket: SocketServer | null = null;
  const publish = (event: BridgeEvent) => socket?.broadcast(event);
  const uploader: Uploader = new Uploader({
    journal,
    links,
    client: createVigilClient({ vigilUrl: config.vigilUrl }),
    deadLetter: new DeadLetter(config.dataDir),
    log,
    now,
    batchSize: config.batchSize,
    retryMaxMs: config.retryMaxMs,
    onSyncChange: (deviceIds) => {
      for (const id of deviceIds) devices.updated(id);
    },
    onError: (error) => publish({ type: 'error', ...error }),
  });
  const devices: DeviceManager = new DeviceManager({
    central,
    links,
    async record(items) {
      await journal.appendReadings(items);
      if (items.some((item) => item.patientId !== null)) uploader.readingsAdded();
    },
    syncState: (deviceId, patientId) => uploader.syncState(deviceId, patientId),
    publish,
    log,
    now,
  });

  socket = await startSocketServer({
    host: config.host,
    port: config.port,
    allowedOrigins: config.allowedOrigins,
    verifier: createHttpPairingVerifier({ vigilUrl: config.vigilUrl }),
    log,
    onAction: createActionHandler({ config, central, devices, links, uploader, now }),
    greeting: () => {
      const advice = devices.adapterAdvice();
      return [
        { type: 'deviceList', devices: devices.list() },
        devices.scanStatus(),
        ...(advice ? [advice] : []),
      ];
    },
  });
  uploader.start();
  devices.restoreWanted();
  if (!isLoopbackHost(config.host)) {
    log.warn('the bridge listens beyond this computer; only allowed origins with a valid pairing get in', {
      host: config.host,
    });
  }
  log.info('bridge ready', {
    url: `ws://${config.host}:${socket.port}`,
    port: socket.port,
    simulate: config.simulate,
    vigilUrl: config.vigilUrl,
    allowedOrigins: config.allowedOrigins,
    dataDir: config.dataDir,
    adapterState: central.adapterState,
    pendingReadings: journal.pendingCount,
    node: process.version,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await socket?.close();
      await devices.close();
      await central.close();
      await uploader.stop();
      await journal.close();
    } finally {
      unlock();
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  // Start-up errors are ours (a locked folder, a port in use) and carry no patient data.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
