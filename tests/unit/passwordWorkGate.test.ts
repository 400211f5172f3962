import { describe, expect, it } from 'vitest';
import { ClientBusy, createPasswordWorkGate, ServerBusy } from '../../server/auth/passwordWorkGate';
import { clientKey } from '../../server/auth/throttle';

/** Work that finishes when told to, recording the order in which work started. */
function controllable(started: string[]) {
  const finishers: (() => void)[] = [];
  const work = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.push(() => resolve(name));
    });
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { work, finishNext };
}

describe('the password-work gate', () => {
  it('runs one check per client at a time, queues two, and refuses that client beyond it (429), not the others', async () => {
    const started: string[] = [];
    const { work, finishNext } = controllable(started);
    const gate = createPasswordWorkGate({ concurrent: 2, waiting: 16, waitingPerClient: 2 });
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => gate.run('A', work(name)).catch((error) => error));
    const other = gate.run('B', work('b1'));
    await new Promise((r) => setTimeout(r, 0));
    // A holds one slot though two are free; B takes the other at once.
    expect(started).toEqual(['a1', 'b1']);
    expect(await flood[3]).toBeInstanceOf(ClientBusy);
    expect(await flood[4]).toBeInstanceOf(ClientBusy);
    for (let i = 0; i < 4; i++) await finishNext();
    expect(await other).toBe('b1');
    expect(await Promise.all(flood.slice(0, 3))).toEqual(['a1', 'a2', 'a3']);
  });

  it('serves waiting clients in turn, so a flooding client cannot queue ahead of the others', async () => {
    const started: string[] = [];
    const { work, finishNext } = controllable(started);
    const gate = createPasswordWorkGate({ concurrent: 1, waiting: 16, waitingPerClient: 2 });
    const all = [
      gate.run('A', work('a1')),
      gate.run('A', work('a2')),
      gate.run('A', work('a3')),
      gate.run('B', work('b1')),
      gate.run('C', work('c1')),
      gate.run('B', work('b2')),
    ];
    for (let i = 0; i < 6; i++) await finishNext();
    await Promise.all(all);
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2']);
  });

  it('answers 503 when the queue of all clients is full', async () => {
    const started: string[] = [];
    const { work, finishNext } = controllable(started);
    const gate = createPasswordWorkGate({ concurrent: 1, waiting: 2, waitingPerClient: 2 });
    const held = gate.run('A', work('a1'));
    const queued = [gate.run('B', work('b1')), gate.run('C', work('c1'))];
    await expect(gate.run('D', work('d1'))).rejects.toBeInstanceOf(ServerBusy);
    for (let i = 0; i < 3; i++) await finishNext();
    await Promise.all([held, ...queued]);
    // Nothing is left behind: D is served now.
    const later = gate.run('D', work('d2'));
    await finishNext();
    expect(await later).toBe('d2');
  });

  it("serves a trusted sign-in before the waiting flood, and does not refuse it for the flood's full queue", async () => {
    const started: string[] = [];
    const { work, finishNext } = controllable(started);
    const gate = createPasswordWorkGate({ concurrent: 1, waiting: 2, waitingPerClient: 2 });
    const flood = [gate.run('A', work('a1')), gate.run('B', work('b1')), gate.run('C', work('c1'))];
    await expect(gate.run('D', work('d1'))).rejects.toBeInstanceOf(ServerBusy);
    // The owner, at the flooded address A itself: their own lane, not A's turn.
    const owner = gate.run('A', work('owner'), { trusted: true });
    for (let i = 0; i < 4; i++) await finishNext();
    expect(await owner).toBe('owner');
    await Promise.all(flood);
    expect(started).toEqual(['a1', 'owner', 'b1', 'c1']);
  });
});

describe('client keys', () => {
  it('keys IPv4 (and IPv4-mapped IPv6) by the address, and IPv6 by its /64 in any spelling', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:3:4:5:6%eth0')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey(undefined)).toBe('');
    expect(clientKey('not an address')).toBe('not an address');
  });
});
