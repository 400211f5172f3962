/**
 * The naive peer of the HTTP list bench, as a server of its own: GET /customers?searchTerm=
 * answers page 3 of the search with DESIGN's naive query (one statement, count(*) OVER()),
 * over plain node:http. Run by bench/httpLists.ts: `tsx bench/naivePeerServer.ts <port> <pglite dir | postgres url>`.
 */
import { createServer } from 'node:http';
import { createPglite, openDatabase } from '../server/db/connection';
import { naiveSearch } from './listQuery.bench';

const [port, source] = process.argv.slice(2);
const database = source.startsWith('postgres')
  ? await openDatabase({ databaseUrl: source, poolSize: 10 })
  : await openDatabase({ pglite: await createPglite(source) });

createServer(async (request, response) => {
  try {
    const term = new URL(request.url ?? '/', 'http://peer').searchParams.get('searchTerm') ?? '';
    const result = (await naiveSearch(database.db, term)) as unknown as { rows: Record<string, unknown>[] };
    const count = Number(result.rows[0]?.total ?? 0);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ customers: result.rows, count }));
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
