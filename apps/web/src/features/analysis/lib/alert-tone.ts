/** Alert-level colours, one rule for every screen. */

export type AlertTone = 'green' | 'yellow' | 'orange' | 'red' | 'grey';

/**
 * Spec point 4: NORMAL green, ATTENTION yellow, URGENT orange, CRITICAL red, anything else grey —
 * or green on the patient page (`unknownTone`).
 */
export function alertLevelTone(level: string, unknownTone: 'grey' | 'green' = 'grey'): AlertTone {
  switch (level) {
    case 'NORMAL':
      return 'green';
    case 'ATTENTION':
      return 'yellow';
    case 'URGENT':
      return 'orange';
    case 'CRITICAL':
      return 'red';
    default:
      return unknownTone;
  }
}
