/**
 * Exact decimal arithmetic for money (DESIGN "Money", "Pricing rules"): a JS number is read
 * as the decimal it prints as (its shortest round-tripping string, `String(n)`, so 0.335 is
 * 0.335 and not the binary fraction next to it), and sums, products and quotients are kept
 * as exact fractions of BigInts. Only the final rounding — half away from zero to N digits —
 * gives a number back. Binary floating point would round some half-cent ties the other way
 * (e.g. a subtotal × (1 − discount/100) × rate landing a hair below .xx5).
 */

/** An exact rational number n / d with d > 0. */
export interface Exact {
  readonly n: bigint;
  readonly d: bigint;
}

export const ZERO: Exact = { n: 0n, d: 1n };
export const ONE: Exact = { n: 1n, d: 1n };

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function pow10(digits: number): bigint {
  return 10n ** BigInt(digits);
}

/**
 * The exact value of a finite number's shortest decimal string (exponent forms like 1e-7 or
 * 1.5e+21 included); null for NaN or ±Infinity.
 */
export function exact(value: number): Exact | null {
  if (!Number.isFinite(value)) return null;
  return exactFromString(String(value));
}

/** The exact value of a plain decimal string ("12.50", "-3", "1e-7"); null when it is not one. */
export function exactFromString(text: string): Exact | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  let n = BigInt(whole + fraction);
  if (sign === '-') n = -n;
  return scale <= 0 ? { n: n * pow10(-scale), d: 1n } : { n, d: pow10(scale) };
}

/** A number as stored or typed; anything that is not a finite number counts as 0. */
export function exactOrZero(value: unknown): Exact {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return (typeof number === 'number' && exact(number)) || ZERO;
}

export function add(a: Exact, b: Exact): Exact {
  // Decimals (denominators 10^k) meet at the larger one, so long sums do not grow their denominators.
  if (a.d === b.d) return { n: a.n + b.n, d: a.d };
  if (a.d % b.d === 0n) return { n: a.n + b.n * (a.d / b.d), d: a.d };
  if (b.d % a.d === 0n) return { n: a.n * (b.d / a.d) + b.n, d: b.d };
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

export function sub(a: Exact, b: Exact): Exact {
  return add(a, { n: -b.n, d: b.d });
}

export function mul(a: Exact, b: Exact): Exact {
  return { n: a.n * b.n, d: a.d * b.d };
}

/** a / b; null when b is zero. */
export function div(a: Exact, b: Exact): Exact | null {
  if (b.n === 0n) return null;
  const sign = b.n < 0n ? -1n : 1n;
  return { n: a.n * b.d * sign, d: a.d * b.n * sign };
}

export function sum(values: readonly Exact[]): Exact {
  return values.reduce(add, ZERO);
}

export function compare(a: Exact, b: Exact): number {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Rounds half away from zero to `digits` decimals, exactly. */
export function roundExact(value: Exact, digits: number): Exact {
  const scale = pow10(digits);
  const scaled = value.n * scale;
  const magnitude = scaled < 0n ? -scaled : scaled;
  let units = magnitude / value.d;
  if ((magnitude % value.d) * 2n >= value.d) units += 1n;
  return { n: scaled < 0n ? -units : units, d: scale };
}

/** The nearest number to an exact value (never -0). */
export function toNumber(value: Exact): number {
  if (value.n === 0n) return 0;
  // Division of the two BigInts as decimal text: exact for terminating decimals (every rounded value).
  const { n, d } = value;
  const digitsOfD = d.toString().length - 1;
  if (d === pow10(digitsOfD)) return Number(`${n}e-${digitsOfD}`);
  return Number(n) / Number(d);
}

/** value rounded half away from zero to `digits` decimals, as a number. */
export function roundToNumber(value: Exact, digits: number): number {
  return toNumber(roundExact(value, digits));
}

/** The smallest value with at most 2 decimals (whole cents) that is ≥ value. */
export function ceilCents(value: Exact): Exact {
  const scaled = value.n * 100n;
  let units = scaled / value.d;
  if (units * value.d < scaled) units += 1n; // BigInt division truncates toward zero
  return { n: units, d: 100n };
}
