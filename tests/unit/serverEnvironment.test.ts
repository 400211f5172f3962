import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS, serverEnvironment } from '../../scripts/serverBuild.mjs';

describe("the server's process", () => {
  it('returns large freed blocks to the system, leaving a GLIBC_TUNABLES of the caller the last word', () => {
    expect(serverEnvironment({ PATH: '/bin' })).toEqual({ PATH: '/bin', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=32768' });
    expect(serverEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' }).GLIBC_TUNABLES).toBe(
      'glibc.malloc.mmap_threshold=32768:glibc.malloc.mmap_threshold=65536',
    );
  });

  it('keeps the heap within 1.3 times what survives a collection', () => {
    expect(SERVER_NODE_ARGS).toContain('--heap-growing-percent=30');
  });
});
