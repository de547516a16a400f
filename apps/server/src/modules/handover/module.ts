import type { Db } from '../../db/client.ts';
import { createHandoverRepository } from './repository.ts';
import { createHandoverService } from './service.ts';

/** The handover service on its own repository, for the composition of the ward (ward/register.ts). */
export const createHandovers = (db: Db, deps: Omit<Parameters<typeof createHandoverService>[0], 'repo'>) =>
  createHandoverService({ ...deps, repo: createHandoverRepository(db) });
