import type { Alert, AlertPriority } from '@vigil/domain';
import { useEffect, useRef, useState } from 'react';
import { toastError } from '@/lib/toast.ts';
import { announcementTitle } from '../lib/alert-display.ts';
import { createAnnouncer, createEscalationAnnouncer } from '../lib/announcer.ts';
import { repeatingPriority, soundPattern } from '../lib/sound-pattern.ts';
import { alarmPlayer, currentSoundSettings } from './use-alert-sound.ts';

const CHECK_EVERY_MS = 1000;
/**
 * How long an announcement waits for its patient to reach this screen's patient list (a patient
 * admitted this moment raises their alert before the list has them): then it names them by id.
 */
const NAME_WAIT_MS = 3000;
/** The announcement of an alert escalated to the person's role. */
const ESCALATED_TITLE = 'ESCALATED Alert';

function canSound(nowMs: number): boolean {
  const { isOn, pausedUntil } = currentSoundSettings();
  return isOn && !(pausedUntil && pausedUntil > nowMs);
}

function notify(title: string, body: string, alert: Alert) {
  if (document.visibilityState !== 'hidden' || !currentSoundSettings().isOn) return;
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    new Notification(title, {
      body,
      tag: `vigil-alert-${alert.id}`,
      requireInteraction: alert.priority === 'high',
    });
  } catch {
    // Some browsers allow notifications only from a service worker: the bar and the sound remain.
  }
}

/**
 * The shell's alarms for the ward's open alerts: each newly standing alert is announced once (the
 * spec's "<level> Alert" toast, kept as the announcement; a browser notification when the tab is
 * hidden and this browser opted in), and, with sound on and not paused, the highest standing
 * priority sounds its IEC burst and repeats it; a new low-priority alert sounds once.
 */
export function useAlertAlarms(
  alerts: readonly Alert[] | undefined,
  nameOf: (patientId: number) => string,
  /** Whether the patient is on this screen's list yet (so `nameOf` gives their name). */
  isKnown: (patientId: number) => boolean,
  /** The person's role: an alert escalated to it is announced on their screens. */
  role: string,
) {
  const announcer = useRef(createAnnouncer());
  const escalations = useRef({ role, announcer: createEscalationAnnouncer(role) });
  if (escalations.current.role !== role)
    escalations.current = { role, announcer: createEscalationAnnouncer(role) };
  const standing = useRef<AlertPriority[]>([]);
  const lastBurst = useRef<{ priority: AlertPriority; at: number } | null>(null);
  /** Announcements waiting for their patient's name, each until its deadline. */
  const waiting = useRef<{ alert: Alert; until: number }[]>([]);
  const [deadlinePassed, setDeadlinePassed] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a passed deadline re-runs it by design.
  useEffect(() => {
    if (!alerts) return;
    standing.current = alerts.filter((a) => a.state === 'active').map((a) => a.priority);
    const now = Date.now();
    const due = [
      ...waiting.current,
      ...announcer.current.next(alerts).map((alert) => ({ alert, until: now + NAME_WAIT_MS })),
    ];
    waiting.current = [];
    for (const entry of due) {
      const { alert } = entry;
      if (!isKnown(alert.patientId) && entry.until > now) {
        waiting.current.push(entry);
        continue;
      }
      const title = announcementTitle(alert.priority);
      const body = `${nameOf(alert.patientId)}: ${alert.message}. Review the patient now.`;
      if (title) {
        toastError(title, body);
        notify(title, body, alert);
      } else if (canSound(Date.now()) && alarmPlayer().isRunning) {
        alarmPlayer().play(soundPattern('low'));
      }
    }
    // Escalated to this person's role: nobody acknowledged it in time, and now it is theirs.
    for (const alert of escalations.current.announcer.next(alerts)) {
      const body = `${nameOf(alert.patientId)}: ${alert.message}. Not acknowledged in time: review the patient now.`;
      toastError(ESCALATED_TITLE, body);
      notify(ESCALATED_TITLE, body, alert);
    }
    if (waiting.current.length === 0) return;
    const timer = window.setTimeout(() => setDeadlinePassed((n) => n + 1), NAME_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [alerts, nameOf, isKnown, deadlinePassed]);

  useEffect(() => {
    const check = () => {
      const now = Date.now();
      const priority = repeatingPriority(standing.current);
      if (priority === null) {
        lastBurst.current = null;
        return;
      }
      if (!canSound(now)) return;
      const pattern = soundPattern(priority);
      const last = lastBurst.current;
      const isDue =
        !last ||
        last.priority !== priority ||
        (pattern.repeatEveryMs !== null && now - last.at >= pattern.repeatEveryMs);
      if (isDue && alarmPlayer().play(pattern)) lastBurst.current = { priority, at: now };
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
}
