import { availableParallelism } from 'node:os';
import { HttpError } from '../errors';

export const SERVER_BUSY = 'The server is busy with other sign-ins. Try again in a moment.';
export const CLIENT_BUSY = 'Too many sign-ins from your address at once. Wait for them to finish and try again.';

/** 503 with Retry-After: more password checks are waiting than the server will queue. */
export class ServerBusy extends HttpError {
  readonly retryAfter = 1;
  constructor() {
    super(503, SERVER_BUSY);
  }
}

/** 429 with Retry-After: this client already has its password check running and its few queued. */
export class ClientBusy extends HttpError {
  readonly retryAfter = 1;
  constructor() {
    super(429, CLIENT_BUSY);
  }
}

export interface PasswordWorkLimits {
  /** Password hashes computed at once (each argon2id takes 19 MiB and a core for ~20 ms). */
  concurrent: number;
  /** Sign-ins allowed to wait for a turn; beyond that they are refused at once. */
  waiting: number;
  /** Sign-ins one client address may have waiting behind its one running check. */
  waitingPerClient: number;
}

/** One core is left for everything else the server does. */
export const DEFAULT_PASSWORD_WORK: PasswordWorkLimits = {
  concurrent: Math.max(1, availableParallelism() - 1),
  waiting: 16,
  waitingPerClient: 2,
};

export interface PasswordWorkGate {
  /**
   * Runs `work` for `client` (its address) when a slot is free and it is the client's turn;
   * throws ClientBusy when that client has too much in hand, ServerBusy when the queue is full.
   * A `trusted` client (a user with their device cookie, or at a place they signed in from
   * before) waits in a lane of its own, served before the others and not refused for their flood.
   */
  run<T>(client: string, work: () => Promise<T>, options?: { trusted?: boolean }): Promise<T>;
}

interface ClientTurns {
  running: boolean;
  waiting: (() => void)[];
}

/**
 * Bounds the password work in flight, so a flood of sign-ins (each an argon2 hash) cannot
 * starve every other request of CPU, and shares it fairly: one client address runs at most
 * one check at a time and queues at most a few, and waiting clients take turns (round-robin),
 * so a client flooding the sign-in slows only itself.
 */
export function createPasswordWorkGate(limits: Partial<PasswordWorkLimits> = {}): PasswordWorkGate {
  const { concurrent, waiting, waitingPerClient } = { ...DEFAULT_PASSWORD_WORK, ...limits };
  let running = 0;
  let queued = 0;
  let queuedTrusted = 0;
  const clients = new Map<string, ClientTurns>();
  /** Clients with someone waiting, in the order they get their next turn; trusted ones first. */
  const turns: string[] = [];
  const trustedTurns: string[] = [];
  const TRUSTED = 'trusted:';

  const turnsOf = (client: string): ClientTurns => {
    let state = clients.get(client);
    if (!state) clients.set(client, (state = { running: false, waiting: [] }));
    return state;
  };
  const forget = (client: string, state: ClientTurns) => {
    if (!state.running && state.waiting.length === 0) clients.delete(client);
  };
  /** Starts the next waiting client that has nothing running, in turn order. */
  const startNext = () => {
    const lane = trustedTurns.some((client) => !clients.get(client)?.running) ? trustedTurns : turns;
    const index = lane.findIndex((client) => !clients.get(client)?.running);
    if (index < 0) return false;
    const [client] = lane.splice(index, 1);
    const state = turnsOf(client);
    const next = state.waiting.shift()!;
    if (lane === trustedTurns) queuedTrusted--;
    else queued--;
    if (state.waiting.length) lane.push(client);
    state.running = true;
    running++;
    next();
    return true;
  };
  const release = (client: string) => {
    const state = turnsOf(client);
    state.running = false;
    running--;
    forget(client, state);
    while (running < concurrent && startNext());
  };

  return {
    async run(address, work, { trusted = false } = {}) {
      // A trusted sign-in is its own client: a flood from its address does not hold it back.
      const client = trusted ? `${TRUSTED}${address}` : address;
      const lane = trusted ? trustedTurns : turns;
      const state = turnsOf(client);
      if (!state.running && state.waiting.length === 0 && running < concurrent) {
        state.running = true;
        running++;
      } else {
        const full = trusted ? queuedTrusted >= waiting : queued >= waiting;
        if (state.waiting.length >= waitingPerClient || full) {
          forget(client, state);
          throw state.waiting.length >= waitingPerClient ? new ClientBusy() : new ServerBusy();
        }
        await new Promise<void>((resolve) => {
          if (state.waiting.push(resolve) === 1) lane.push(client);
          if (trusted) queuedTrusted++;
          else queued++;
        });
      }
      try {
        return await work();
      } finally {
        release(client);
      }
    },
  };
}
