import type { FastifyInstance } from 'fastify';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mediaType } from '../../server/openapi/openApiDocument';

type Json = Record<string, any>;

/** One response the document does not describe. */
export interface ContractViolation {
  request: string;
  problem: string;
}

const DOCUMENT_ID = 'yardstick-openapi';
const COMPONENT_REF = '#/components/schemas/';
/** How many conforming answers are remembered before the memory starts again. */
const CONFORMING_KEPT = 2000;

/** Refs of a response schema pointed at the document registered under DOCUMENT_ID. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)
        ? [key, `${DOCUMENT_ID}${value}`]
        : [key, anchored(value)],
    ),
  );
}

/**
 * Checks every response of an app against its own OpenAPI document (/api/openapi.json): the
 * status is one the operation lists, the content type one it names, and a JSON body matches
 * the schema. Install before `app.ready()`; read the violations with `take()`.
 */
export function watchResponsesAgainstDocument(app: FastifyInstance) {
  const violations: ContractViolation[] = [];
  let ajv: InstanceType<typeof Ajv2020> | undefined;
  let document: Json | undefined;
  const validators = new Map<string, ValidateFunction>();
  const conforming = new Set<string>();

  const validatorFor = (key: string, schema: Json) => {
    let validate = validators.get(key);
    if (!validate) {
      if (!ajv) {
        ajv = new Ajv2020({ strict: false, allErrors: false });
        addFormats(ajv);
        ajv.addSchema({ $id: DOCUMENT_ID, components: document!.components }, DOCUMENT_ID);
      }
      validate = ajv.compile(anchored(schema) as Json);
      validators.set(key, validate);
    }
    return validate;
  };

  const check = (method: string, pattern: string, status: number, contentType: string, payload: unknown): string | undefined => {
    document ??= app.swagger() as Json;
    const path = pattern.replace(/:(\w+)/g, '{$1}');
    const operation = document.paths?.[path]?.[method.toLowerCase()];
    if (!operation) return 'the operation is not in the document';
    const response = operation.responses?.[String(status)];
    if (!response) return `status ${status} is not among the documented ${Object.keys(operation.responses ?? {}).join(', ')}`;
    if (!response.content) return payload === '' || payload == null ? undefined : `status ${status} is documented without a body`;
    const media = mediaType(contentType);
    const entry = response.content[media];
    if (!entry) return `content type ${media || '(none)'} is not among the documented ${Object.keys(response.content).join(', ')}`;
    if (media !== 'application/json') return undefined;
    const text = typeof payload === 'string' ? payload : String(payload);
    // The same body of the same operation and status was checked already (the batteries send
    // thousands of requests whose answers repeat): the schema says the same of it again.
    const seenKey = `${method} ${path} ${status}\n${text}`;
    if (conforming.has(seenKey)) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return 'the body is not JSON';
    }
    const validate = validatorFor(`${method} ${path} ${status}`, entry.schema ?? {});
    if (validate(body)) {
      if (conforming.size >= CONFORMING_KEPT) conforming.clear();
      conforming.add(seenKey);
      return undefined;
    }
    const [first] = validate.errors ?? [];
    return `the body does not match the schema: ${first?.instancePath || '(root)'} ${first?.message} ${JSON.stringify(first?.params)}`;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.startsWith('/api/') || request.method === 'HEAD') return payload;
    // Streams (none today) cannot be read here without consuming them.
    if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload)) return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    const problem = check(request.method, pattern, reply.statusCode, contentType, Buffer.isBuffer(payload) ? '' : payload);
    if (problem) violations.push({ request: `${request.method} ${request.url} → ${reply.statusCode}`, problem });
    return payload;
  });

  return {
    /** The violations seen since the last call. */
    take(): ContractViolation[] {
      return violations.splice(0);
    },
  };
}

/** Throws with every violation seen, so the test that caused them fails where it stands. */
export function assertNoViolations(violations: ContractViolation[]): void {
  if (violations.length) {
    throw new Error(`Responses differ from /api/openapi.json:\n${violations.map((v) => `  ${v.request}: ${v.problem}`).join('\n')}`);
  }
}
