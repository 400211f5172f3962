/**
 * drizzle-kit's API, for tests that make a table from a declaration. Importing it adds an
 * enumerable `Array.prototype.random`; the test files share their worker's globals
 * (vite.config.ts), and pdf.js, used later to read PDFs, refuses to run beside it. It stays,
 * hidden from `for…in`, for drizzle-kit's own use.
 */
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';

if (Object.getOwnPropertyDescriptor(Array.prototype, 'random')?.enumerable) {
  Object.defineProperty(Array.prototype, 'random', { enumerable: false });
}

export { generateDrizzleJson, generateMigration };
