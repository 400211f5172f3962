/** Types of importCycles.mjs (the import check of npm test). */
export function importCycles(files: string[]): string[][];
export const LAYERS: Record<string, string[]>;
export function layerViolations(files: string[], root?: string, layers?: Record<string, string[]>): [string, string][];
export const SERVER_ENGINE: string[];
export function engineViolations(files: string[], root?: string, engine?: string[]): [string, string][];
export function reportImportCycles(): number;
