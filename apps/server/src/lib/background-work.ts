import type { Logger } from 'pino';

/**
 * Work a request starts and does not wait for (a webhook's settlement runs after GitHub has its
 * answer). Each task's failure is logged, never thrown; the caller decides what retries it (a
 * webhook's settlement is retried by the settle-github-events job; a stake status is written
 * again on the pull request's next event). `idle()` resolves once nothing is running, tasks started meanwhile included; the app waits
 * for it before it closes the database.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Pick<Logger, 'warn'>) {}

  run(name: string, task: () => Promise<unknown>): void {
    const done: Promise<void> = task().then(
      () => undefined,
      (error: unknown) => this.log.warn({ err: error, task: name }, 'background work failed'),
    );
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
