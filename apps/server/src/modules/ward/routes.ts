import {
  AssignmentInput,
  Assignments,
  AssignmentsQuery,
  BedMove,
  BedPlacementInput,
  NurseInCharge,
  NurseInChargeInput,
  recordIdParam,
  WardBoard,
  WardLayout,
  WardLayoutInput,
  WardQuery,
  WardSettings,
  WardSettingsInput,
  WardStaffMember,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PatientIdParams } from '../../lib/id-params.ts';
import { access } from '../../plugins/access.ts';
import { operation } from '../../plugins/openapi.ts';
import { actorOf } from '../audit/context.ts';
import type { WardsService } from '../wards/service.ts';
import type { AssignmentService } from './assignments.ts';
import type { BoardService } from './board.ts';
import type { LayoutService } from './layout.ts';
import type { ShiftLeadService } from './shift-leads.ts';

/** The shift key ("2026-11-26/day") is two segments of the path, as the key reads. */
const AssignmentParams = z.object({
  shiftDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The shift date must be YYYY-MM-DD, e.g. 2026-11-26'),
  shiftName: z
    .string()
    .max(40, 'The shift name is too long')
    .regex(/^[\p{Ll}\p{N}-]+$/u, 'The shift name must be as in the shift key, e.g. day'),
  patientId: recordIdParam('Patient id'),
});
const ShiftParams = AssignmentParams.omit({ patientId: true });

export const wardRoutes: FastifyPluginAsyncZod<{
  layout: LayoutService;
  assignments: AssignmentService;
  board: BoardService;
  leads: ShiftLeadService;
  wards: WardsService;
}> = async (app, { layout, assignments, board, leads, wards }) => {
  /** The ward a ward-wide request is about: `?ward=` if the person sees it (404 otherwise), else theirs. */
  const wardOf = (request: { wards: import('@vigil/domain').WardScope | null; query: unknown }) =>
    wards.pick(request.wards!, (request.query as { ward?: number } | undefined)?.ward);
  app.get(
    '/api/ward/board',
    {
      // Which patient lies where and who looks after them: a read of the ward, audited.
      config: { access: access.user('patients:read', { reads: 'WardBoard' }) },
      schema: {
        ...operation(
          'Ward',
          'getWardBoard',
          'The ward by bay and bed, the nurses of this shift and the ward figures',
        ),
        querystring: WardQuery,
        response: { 200: WardBoard },
      },
    },
    async (request) => board.board(await wardOf(request)),
  );

  app.get(
    '/api/ward/layout',
    {
      config: { access: access.user('patients:read', { reads: 'WardBoard' }) },
      schema: {
        ...operation('Ward', 'getWardLayout', "The ward's bays and beds, with who lies in each"),
        querystring: WardQuery,
        response: { 200: WardLayout },
      },
    },
    async (request) => layout.layout(await wardOf(request)),
  );
  app.put(
    '/api/ward/layout',
    {
      config: { access: access.user('ward:layout') },
      schema: {
        ...operation(
          'Ward',
          'replaceWardLayout',
          'Lay out the bays and beds (an occupied bed cannot be removed)',
        ),
        querystring: WardQuery,
        body: WardLayoutInput,
        response: { 200: WardLayout },
      },
    },
    async (request) => layout.saveLayout(await wardOf(request), request.body, actorOf(request)),
  );

  app.get(
    '/api/ward/settings',
    {
      // Shift times and the ward's clock: no patient's data.
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation('Ward', 'getWardSettings', "A ward's shifts, handover window and time zone"),
        querystring: WardQuery,
        response: { 200: WardSettings },
      },
    },
    async (request) => assignments.settings(await wardOf(request)),
  );
  app.put(
    '/api/ward/settings',
    {
      // A ward manager sets her wards' (another ward is 404, as an unknown one); an administrator any.
      config: { access: access.user('ward:layout') },
      schema: {
        ...operation('Ward', 'replaceWardSettings', "Set a ward's shifts, handover window and time zone"),
        querystring: WardQuery,
        body: WardSettingsInput,
        response: { 200: WardSettings },
      },
    },
    async (request) => assignments.saveSettings(await wardOf(request), request.body, actorOf(request)),
  );

  app.put(
    '/api/patients/:id/bed',
    {
      config: { access: access.user('patients:edit') },
      schema: {
        ...operation('Ward', 'placePatientInBed', 'Admit a patient to a bed or move them to another'),
        params: PatientIdParams,
        body: BedPlacementInput,
        response: { 200: BedMove },
      },
    },
    async (request) => layout.placePatient(request.params.id, request.body.bedId, actorOf(request)),
  );
  app.post(
    '/api/patients/:id/discharge',
    {
      config: { access: access.user('patients:edit'), openapi: { body: 'none' } },
      schema: {
        ...operation(
          'Ward',
          'dischargePatient',
          'Discharge a patient: the bed is freed and they leave the ward list',
        ),
        params: PatientIdParams,
        response: { 200: BedMove },
      },
    },
    async (request) => layout.discharge(request.params.id, actorOf(request)),
  );
  app.get(
    '/api/patients/:id/bed-history',
    {
      config: { access: access.user('patients:read', { reads: 'BedHistory' }) },
      schema: {
        ...operation(
          'Ward',
          'listBedHistory',
          "A patient's admissions to beds, moves and discharge, newest first",
        ),
        params: PatientIdParams,
        response: { 200: z.array(BedMove) },
      },
    },
    async (request) => layout.bedHistory(request.params.id),
  );

  app.get(
    '/api/ward/assignments',
    {
      // Which nurse looks after which patient (ids only): a read of the ward, audited.
      config: { access: access.user('patients:read', { reads: 'WardBoard' }) },
      schema: {
        ...operation('Ward', 'listAssignments', 'Who looks after whom in the current or the next shift'),
        querystring: AssignmentsQuery.extend(WardQuery.shape),
        response: { 200: Assignments },
      },
    },
    async (request) => {
      const wardId = await wardOf(request);
      const onWard = new Set((await board.patientsOf(wardId)).map((p) => p.id));
      return assignments.assignments(wardId, request.query.shift, (id) => onWard.has(id));
    },
  );
  app.put(
    '/api/ward/assignments/:shiftDate/:shiftName/:patientId',
    {
      config: { access: access.user('ward:assign', { ward: 'patient' }) },
      schema: {
        ...operation('Ward', 'assignPatient', 'Assign a patient to a nurse for a shift (null: unassigned)'),
        params: AssignmentParams,
        body: AssignmentInput,
        response: { 200: Assignments },
      },
    },
    async (request) =>
      assignments.assign(
        `${request.params.shiftDate}/${request.params.shiftName}`,
        request.params.patientId,
        request.body.nurseId,
        actorOf(request),
      ),
  );
  app.get(
    '/api/ward/staff',
    {
      config: { access: access.user('ward:assign') },
      schema: {
        ...operation('Ward', 'listWardStaff', 'The active accounts patients can be assigned to'),
        response: { 200: z.array(WardStaffMember) },
      },
    },
    async () => assignments.staff(),
  );
  app.get(
    '/api/ward/nurse-in-charge',
    {
      // Who leads the shift: staff, no patient's record.
      config: { access: access.user('patients:read', { reads: false }) },
      schema: {
        ...operation('Ward', 'getNurseInCharge', 'The nurse in charge of the current or the next shift'),
        querystring: AssignmentsQuery.extend(WardQuery.shape),
        response: { 200: NurseInCharge },
      },
    },
    async (request) => leads.nurseInCharge(await wardOf(request), request.query.shift),
  );
  app.put(
    '/api/ward/nurse-in-charge/:shiftDate/:shiftName',
    {
      // Naming who leads a shift is the ward manager's, not the nurse in charge's own.
      config: { access: access.user('ward:layout') },
      schema: {
        ...operation(
          'Ward',
          'nameNurseInCharge',
          'Name the nurse in charge of the current or the next shift (null: none)',
        ),
        params: ShiftParams,
        querystring: WardQuery,
        body: NurseInChargeInput,
        response: { 200: NurseInCharge },
      },
    },
    async (request) =>
      leads.name(
        await wardOf(request),
        `${request.params.shiftDate}/${request.params.shiftName}`,
        request.body.nurseId,
        actorOf(request),
      ),
  );
};
