import type { Entity } from './defineEntity';

/**
 * Entities a build adds to the registry without editing it: none in the product. The browser
 * test of the generic screens builds the app and the server with this module swapped for one
 * declaring a test-only entity (tests/e2e/extendedBuild.ts), so no test code reaches the product.
 */
export const extraEntities: Entity[] = [];
