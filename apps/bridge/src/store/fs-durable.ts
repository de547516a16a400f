import fs from 'node:fs';
import path from 'node:path';

/** Makes a new or renamed directory entry survive a power cut (the file's own fsync does not). */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces a file as a whole: written beside it, flushed, renamed over it. A crash leaves either the
 * old content or the new, never half of each. `mode` 0o600 keeps tokens to the bridge's own user.
 */
export async function writeFileAtomic(file: string, content: string, mode = 0o600): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await fs.promises.open(tmp, 'w', mode);
  try {
    await handle.chmod(mode);
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, file);
  await fsyncDir(path.dirname(file));
}
