import { READING_PROVENANCES, type ReadingProvenance } from '@vigil/domain';
import type { Coding } from 'fhir/r4';

/*
 * Where a stored reading's values come from is its `provenance`, decided by the ingest (domain
 * ReadingProvenance; decision 014; docs/reference/clinical.md, "Where a value comes from"): a
 * person's observation, a device (not yet validated by a nurse), a wearable's summary of a past
 * window, a simulation, or the demo ward.
 */

/** Vigil's code system for the provenance class, carried in Observation.meta.tag. */
export const PROVENANCE_SYSTEM = 'urn:vigil:reading-provenance';

/** What a reading of each provenance becomes in FHIR. */
export type FhirProvenance =
  /** Never exported: a simulated or demo value must not reach another system as a patient's. */
  | { exported: false; reason: string }
  | {
      exported: true;
      /** Whether its values are the patient's vital signs (category vital-signs, vital-signs profiles). */
      vitalSigns: boolean;
      /** final: charted by a person; preliminary: not validated by a person (a device, a wearable). */
      status: 'final' | 'preliminary';
      tag: Coding;
    };

/**
 * The one decision of how a reading's provenance maps to FHIR:
 * - observation: a vital sign, final;
 * - device: a vital sign, preliminary (EHRs chart device data after a nurse validates it);
 * - wearable-summary: exported, tagged and preliminary, but not as a vital sign: it describes a past
 *   window (a night's resting heart rate), not the patient now;
 * - simulation and demo: not exported at all.
 * Every exported Observation carries its class in meta.tag.
 */
export function fhirProvenance(provenance: ReadingProvenance): FhirProvenance {
  const tag = (display: string): Coding => ({ system: PROVENANCE_SYSTEM, code: provenance, display });
  switch (provenance) {
    case 'observation':
      return {
        exported: true,
        vitalSigns: true,
        status: 'final',
        tag: tag('Observed and recorded by a person'),
      };
    case 'device':
      return {
        exported: true,
        vitalSigns: true,
        status: 'preliminary',
        tag: tag('Measured by a device, not validated by a person'),
      };
    case 'wearable-summary':
      return {
        exported: true,
        vitalSigns: false,
        status: 'preliminary',
        tag: tag("A wearable's summary of a past period, not a current vital sign"),
      };
    case 'simulation':
      return { exported: false, reason: 'simulated values are not a patient’s' };
    case 'demo':
      return { exported: false, reason: 'demo values are not a patient’s' };
  }
}

/**
 * The provenances whose readings give an Observation of `kind` that carries the categories and
 * statuses asked (for counting in SQL what the mapping would give): a wearable's summary carries no
 * category and gives no NEWS2 total; a person's observation is final, the others preliminary.
 */
export function exportedProvenances(asked: {
  kind: string;
  categories?: string[][];
  statuses?: string[];
}): ReadingProvenance[] {
  return READING_PROVENANCES.filter((provenance) => {
    const fhir = fhirProvenance(provenance);
    if (!fhir.exported) return false;
    if (asked.kind === 'news2' && !fhir.vitalSigns) return false;
    const category = asked.kind === 'news2' ? 'survey' : fhir.vitalSigns ? 'vital-signs' : null;
    if ((asked.categories ?? []).some((alternatives) => !category || !alternatives.includes(category))) {
      return false;
    }
    return !asked.statuses || asked.statuses.includes(fhir.status);
  });
}
