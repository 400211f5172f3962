/**
 * The byte arrays of a task's answer that can move to the calling thread instead of being
 * copied: a photo's three versions, a PDF. Only arrays that own their whole buffer (never a
 * slice of Node's shared pool) and are large enough for a copy to show; each buffer once.
 */
const WORTH_MOVING = 64 * 1024;

export function transferablesOf(value: unknown, depth = 3, found = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (value instanceof Uint8Array) {
    const { buffer } = value;
    if (
      buffer instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === buffer.byteLength &&
      buffer.byteLength >= WORTH_MOVING
    ) {
      found.add(buffer);
    }
  } else if (depth > 0 && value !== null && typeof value === 'object') {
    for (const child of Array.isArray(value) ? value : Object.values(value)) transferablesOf(child, depth - 1, found);
  }
  return [...found];
}
