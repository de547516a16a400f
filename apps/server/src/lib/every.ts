/**
 * A background task run every `intervalMs` on this instance, one run at a time (a run still going
 * when the next is due is not doubled). `stop` waits for the run in flight. Its errors are the
 * task's own to log: one failed run never stops the next.
 */
export function every(intervalMs: number, task: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = task()
          .catch(() => {})
          .finally(() => {
            running = undefined;
          });
      }, intervalMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
