/**
 * The naive peer of the HTTP list bench, as a server of its own: GET /<list>?searchTerm=&limit=
 * &offset=&filter:<key>=<JSON> answers with that list's naive query (bench/naiveListQueries.ts:
 * one statement, count(*) OVER()), over plain node:http, as { <list>: rows, count }.
 * Run by bench/httpLists.ts: `tsx bench/naivePeerServer.ts <port> <pglite dir | postgres url>`.
 */
import { createServer } from 'node:http';
import { createPglite, openDatabase } from '../server/db/connection';
import { FILTER_PREFIX } from '../src/domain/apiContract';
import { naiveListPage, type NaiveListRequest } from './naiveListQueries';

const [port, source] = process.argv.slice(2);
const database = source.startsWith('postgres')
  ? await openDatabase({ databaseUrl: source, poolSize: 10 })
  : await openDatabase({ pglite: await createPglite(source) });

function requestOf(params: URLSearchParams): NaiveListRequest {
  const filters: NaiveListRequest['filters'] = {};
  for (const [key, value] of params) {
    if (key.startsWith(FILTER_PREFIX)) filters[key.slice(FILTER_PREFIX.length)] = ([] as unknown[]).concat(JSON.parse(value));
  }
  return {
    searchTerm: params.get('searchTerm') ?? '',
    limit: Number(params.get('limit') ?? 20),
    offset: Number(params.get('offset') ?? 0),
    filters,
  };
}

createServer(async (request, response) => {
  try {
    const url = new URL(request.url ?? '/', 'http://peer');
    const list = url.pathname.replace(/^\/+/, '');
    const { rows, count } = await naiveListPage(database.db, list, requestOf(url.searchParams));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ [list]: rows, count }));
  } catch (error) {
    response.writeHead(500);
    response.end(String(error));
  }
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
