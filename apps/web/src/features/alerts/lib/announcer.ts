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

/**
 * Decides which escalations a screen announces to its person: an alert still standing that has just
 * been escalated to their role (the ward manager, then the doctor), once per escalation step; never
 * the escalations already made when the screen opened (the bar shows those).
 */
export function createEscalationAnnouncer(role: string) {
  let levels: Map<number, number> | null = null;
  return {
    next(alerts: readonly Alert[]): Alert[] {
      const before = levels;
      levels = new Map(alerts.map((a) => [a.id, a.escalationLevel]));
      if (before === null) return [];
      return alerts.filter(
        (a) => a.state === 'active' && a.escalatedTo === role && a.escalationLevel > (before.get(a.id) ?? 0),
      );
    },
  };
}
