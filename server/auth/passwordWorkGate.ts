import { availableParallelism } from 'node:os';
import { HttpError } from '../errors';

export const SERVER_BUSY = 'The server is busy with other sign-ins. Try again in a moment.';

/** 503 with Retry-After: more password checks are waiting than the server will queue. */
export class ServerBusy extends HttpError {
  readonly retryAfter = 1;
  constructor() {
    super(503, SERVER_BUSY);
  }
}

export interface PasswordWorkLimits {
  /** Password hashes computed at once (each argon2id takes 19 MiB and a core for ~20 ms). */
  concurrent: number;
  /** Sign-ins allowed to wait for a turn; beyond that they are refused at once. */
  waiting: number;
}

/** One core is left for everything else the server does. */
export const DEFAULT_PASSWORD_WORK: PasswordWorkLimits = {
  concurrent: Math.max(1, availableParallelism() - 1),
  waiting: 16,
};

export interface PasswordWorkGate {
  /** Runs `work` when a slot is free; throws ServerBusy when too many are already waiting. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Bounds the password work in flight, so a flood of sign-ins (each an argon2 hash) is
 * answered 503 beyond the queue instead of starving every other request of CPU.
 */
export function createPasswordWorkGate(limits: PasswordWorkLimits = DEFAULT_PASSWORD_WORK): PasswordWorkGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(work) {
      if (running < limits.concurrent) running++;
      else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new ServerBusy();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
