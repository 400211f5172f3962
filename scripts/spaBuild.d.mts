/** Types of spaBuild.mjs (the build step shared by npm start, npm test and npm run bench). */
export declare const ROOT: string;
export declare const DIST_INDEX: string;
/** Why dist/ must be (re)built, or null when it is newer than every source. */
export declare function staleReason(): string | null;
export declare function runBin(bin: string, args: string[], options?: object): Promise<number>;
/** `vite build`; resolves true when it succeeded. */
export declare function buildSpa(): Promise<boolean>;
export declare function newestModification(path: string): number;
/** Why `output` must be (re)built from `sources` (paths under ROOT), or null when it is newer than all. */
export declare function outputStaleReason(output: string, sources: string[]): string | null;
