import pg from 'pg';

/** Wait before connecting again after the LISTEN connection was lost. */
const RECONNECT_DELAY_MS = 1000;

export interface ListenOptions {
  connectionString: string;
  channel: string;
  onNotification(payload: string | undefined): void;
  /**
   * Called once LISTEN holds again after the connection was lost at `lostAt`: whatever committed
   * meanwhile was not announced to this instance. A failure here counts as a lost connection.
   */
  onRestored(lostAt: Date): Promise<void>;
  onError(error: unknown): void;
}

/**
 * A dedicated PostgreSQL connection that LISTENs on a channel (a pool's connections come and go, and
 * a LISTEN lasts only as long as its connection). It reconnects on its own.
 */
export function createListenConnection(options: ListenOptions): {
  start(): Promise<void>;
  stop(): Promise<void>;
  isConnected(): boolean;
} {
  let stopped = false;
  let client: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let lostAt: Date | null = null;

  async function listen() {
    if (stopped) return;
    const connecting = new pg.Client({ connectionString: options.connectionString });
    const retry = () => {
      if (stopped || reconnectTimer) return;
      lostAt ??= new Date();
      client = null;
      connecting.end().catch(() => {});
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        void listen();
      }, RECONNECT_DELAY_MS);
    };
    connecting.on('error', retry);
    connecting.on('end', retry);
    connecting.on('notification', (msg) => options.onNotification(msg.payload));
    try {
      await connecting.connect();
      await connecting.query(`LISTEN ${options.channel}`);
      client = connecting;
      if (lostAt) {
        const since = lostAt;
        lostAt = null;
        await options.onRestored(since);
      }
    } catch (error) {
      options.onError(error);
      retry();
    }
  }

  return {
    start: listen,
    isConnected: () => client !== null,
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
