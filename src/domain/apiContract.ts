/**
 * Names the SPA and the API server agree on (DESIGN "API contract"), kept once for both.
 * HTTP header names are case-insensitive; they are written here as the server sends them.
 */

/** The anti-forgery cookie the server sets, readable by script. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The header every non-GET request echoes the cookie in. */
export const XSRF_HEADER = 'x-xsrf-token';
/** The response header carrying a fresh token once the current one is past half its life. */
export const FRESH_TOKEN_HEADER = 'x-auth-token';
/** List filters travel as `filter:<column>=<JSON>` query parameters. */
export const FILTER_PREFIX = 'filter:';
/** The API's OpenAPI document and its reference page (public, like health). */
export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/reference';
