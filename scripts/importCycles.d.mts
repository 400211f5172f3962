/** Types of importCycles.mjs (the import-cycle check of npm test). */
export function importCycles(files: string[]): string[][];
export function reportImportCycles(): number;
