/** Types of serverBuild.mjs (the server bundle of npm start, npm test and npm run bench). */
export declare const SERVER_BUNDLE: string;
/** The options node runs the bundle with (npm start, the browser tests, the benches). */
export declare const SERVER_NODE_ARGS: readonly string[];
/** The environment node runs the bundle in: the caller's, with glibc's malloc returning large blocks at once. */
export declare function serverEnvironment(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** Why build/server must be (re)built, or null when it is newer than every source. */
export declare function serverStaleReason(): string | null;
/** esbuild; resolves true when it succeeded. A test build may write elsewhere and add plugins. */
export declare function buildServer(options?: { outfile?: string; plugins?: unknown[] }): Promise<boolean>;
