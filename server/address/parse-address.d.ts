declare module 'parse-address' {
  /** What parse-address recognised in a US address; absent parts are left out. */
  export interface ParsedLocation {
    number?: string;
    prefix?: string;
    street?: string;
    type?: string;
    suffix?: string;
    sec_unit_type?: string;
    sec_unit_num?: string;
    city?: string;
    state?: string;
    zip?: string;
    plus4?: string;
  }
  export function parseLocation(text: string): ParsedLocation | null;
  const parser: { parseLocation: typeof parseLocation };
  export default parser;
}
