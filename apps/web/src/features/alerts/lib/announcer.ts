import type { Alert } from '@vigil/domain';

/**
 * Decides which alerts a screen announces (the spec's "<level> Alert" toast, a browser notification,
 * the low-priority sound): each alert once, when this screen first sees it stand (active), never the
 * ones already standing when the screen opened (the bar shows those), never again on an update, an
 * escalation or a refetch. A device's value waiting for confirmation is announced once confirmed.
 */
export function createAnnouncer() {
  let settled: Set<number> | null = null;
  return {
    /** The alerts in `alerts` newly standing since the last call (none on the first). */
    next(alerts: readonly Alert[]): Alert[] {
      const standing = alerts.filter((a) => a.state === 'active' || a.state === 'acknowledged');
      if (settled === null) {
        settled = new Set(standing.map((a) => a.id));
        return [];
      }
      const fresh: Alert[] = [];
      for (const alert of standing) {
        if (settled.has(alert.id)) continue;
        settled.add(alert.id);
        if (alert.state === 'active') fresh.push(alert);
      }
      return fresh;
    },
  };
}
