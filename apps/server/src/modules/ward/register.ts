import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AlertService } from '../alerts/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { CareService } from '../care/service.ts';
import type { LiveEventsService } from '../events/service.ts';
import { createHandovers } from '../handover/module.ts';
import { handoverRoutes } from '../handover/routes.ts';
import type { PatientService } from '../patients/service.ts';
import type { ReadingService } from '../readings/service.ts';
import { createAssignmentRepository } from './assignment-repository.ts';
import { createAssignmentService } from './assignments.ts';
import { createBoardService } from './board.ts';
import { createLayoutService } from './layout.ts';
import { createWardRepository } from './repository.ts';
import { wardRoutes } from './routes.ts';
import { createShiftLeadService } from './shift-leads.ts';

/**
 * The ward (beds, shifts, assignments, the board) and handover modules, wired together: the board
 * counts handovers, and handover reads the ward's shifts and assignments.
 */
export async function registerWard(
  app: FastifyInstance,
  deps: {
    database: Database;
    clock: Clock;
    audit: AuditService;
    liveEvents: LiveEventsService;
    patients: PatientService;
    alerts: AlertService;
    care: CareService;
    readings: Pick<ReadingService, 'news2Trends'>;
    timeZone: string;
  },
) {
  const { database, clock, audit, liveEvents, patients, alerts, care } = deps;
  const layout = createLayoutService({
    repo: createWardRepository(database.db),
    clock,
    audit,
    liveEvents,
    alerts,
    patientsChanged: () => patients.patientsChanged(),
  });
  const assignmentRepo = createAssignmentRepository(database.db);
  const assignments = createAssignmentService({
    repo: assignmentRepo,
    layout,
    clock,
    audit,
    liveEvents,
    defaultTimeZone: deps.timeZone,
  });
  const handovers = createHandovers(database.db, {
    assignments,
    layout,
    patients,
    alerts,
    care,
    clock,
    audit,
    liveEvents,
  });
  const board = createBoardService({
    layout,
    assignments,
    patients,
    alerts,
    handovers,
    readings: deps.readings,
    clock,
  });
  const leads = createShiftLeadService({ repo: assignmentRepo, assignments, clock, audit, liveEvents });
  await app.register(wardRoutes, { layout, assignments, board, leads });
  await app.register(handoverRoutes, { handovers });
  return { layout, assignments, handovers };
}
