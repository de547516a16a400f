import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * A path the person typed, from the folder they typed it in: npm runs a workspace's script in the
 * workspace's folder and says where it was started in INIT_CWD.
 */
export function fromCallerFolder(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** What a backup leaves out, and where it is: the audit key and the checkpoint log (decision 018). */
export function keptApart(config: Config, backupName?: string): string {
  const key = config.audit.key ? 'AUDIT_KEY (the environment)' : `${config.dataDir}/audit.key`;
  return [
    `Not in ${backupName ?? 'the backup'}, on purpose: keep these apart from the database's backups:`,
    `  the audit key:        ${key} (in a secrets store; whoever holds it with a backup can rewrite the trail)`,
    `  the checkpoint log:   ${config.audit.checkpointFile} (append-only storage the database's administrators cannot write)`,
  ].join('\n');
}
