/** Spec point 9, patient list order: Critical first, then oxygen level descending (then id, stable). */
export function compareForWard(
  a: { condition: string; oxygenLevel: number; id: number },
  b: { condition: string; oxygenLevel: number; id: number },
): number {
  const critical = Number(b.condition === 'Critical') - Number(a.condition === 'Critical');
  return critical || b.oxygenLevel - a.oxygenLevel || a.id - b.id;
}
