// Requests generated from the OpenAPI document: every operation, with values that fit its schema, values
// that do not (wrong types, nulls, huge and empty strings) and hostile ones (NUL, lone surrogates, markers
// that must never come back in an error). Shared by server/test/fuzz.test.ts (a few thousand requests in
// CI) and bench/attack.mjs (the full campaign over HTTP).

/** A small seeded generator, so a failing request can be generated again. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)], chance: (p) => next() < p };
}

/** Every operation of the document: method, path template, parameters and body. */
export function operationsOf(doc) {
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const formSchema = content['multipart/form-data']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required })),
        body: jsonSchema ? { kind: 'json', schema: jsonSchema } : formSchema ? { kind: 'multipart', schema: formSchema } : undefined,
        // Routes that read a multipart form in their handler declare no body: they are tried with forms too.
        mayBeMultipart: !jsonSchema && method !== 'get' && method !== 'delete',
      });
    }
  }
  return ops;
}

export const MARKER = 'ZQXECHO';
const HOSTILE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  `${MARKER}\u0000`,
  "' or 1=1 --",
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '${7*7}',
  '\u202e',
  '😀',
];

function stringFor(schema, r, marker) {
  if (schema.enum && r.chance(0.6)) return r.pick(schema.enum);
  if (r.chance(0.35)) return r.pick(HOSTILE);
  if (r.chance(0.1)) return r.chance(0.5) ? '' : `${marker}${'x'.repeat(r.pick([200, 5000, 70000]))}`;
  switch (schema.format) {
    case 'date':
      return `20${r.int(40) + 10}-${String(r.int(12) + 1).padStart(2, '0')}-${String(r.int(28) + 1).padStart(2, '0')}`;
    case 'email':
      return `${marker}${r.int(1e6)}@example.com`;
    case 'date-time':
      return new Date(Date.now() + r.int(1e10) - 5e9).toISOString();
    default:
      break;
  }
  return r.pick([
    `${marker}${r.int(1e6)}`,
    `${r.int(24)}:${String(r.int(60)).padStart(2, '0')}`,
    '123456789V',
    '200012345678',
    '+94771234567',
    'Crime Branch',
    'Colombo Fort',
    'WP-CAB-1234',
    'Password-123',
    '      ',
  ]);
}

/** A value for a JSON schema: usually of its type, sometimes of another or hostile. */
export function valueFor(schema = {}, r, marker, depth = 0) {
  if (depth > 4) return null;
  if (r.chance(0.08)) return r.pick([null, true, -1, 1e308, [], {}, 'null', 0, 2 ** 53, -0.5]);
  const s = schema.anyOf?.length ? r.pick(schema.anyOf) : schema.oneOf?.length ? r.pick(schema.oneOf) : schema;
  const type = Array.isArray(s.type) ? r.pick(s.type) : s.type;
  switch (type) {
    case 'string':
      return stringFor(s, r, marker);
    case 'integer':
    case 'number':
      return r.pick([0, 1, 2, 5, 42, -1, 2147483648, 1.5, r.int(1000)]);
    case 'boolean':
      return r.chance(0.5);
    case 'array':
      return Array.from({ length: r.int(4) }, () => valueFor(s.items ?? {}, r, marker, depth + 1));
    case 'object':
    default: {
      if (!s.properties) return s.enum ? r.pick(s.enum) : stringFor(s, r, marker);
      const out = {};
      for (const [k, v] of Object.entries(s.properties))
        if ((s.required ?? []).includes(k) ? r.chance(0.95) : r.chance(0.6)) out[k] = valueFor(v, r, marker, depth + 1);
      if (r.chance(0.1)) out[r.pick([`${marker}field`, '__proto__', 'constructor', `k\u0000`])] = valueFor({ type: 'string' }, r, marker, depth + 1);
      return out;
    }
  }
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes it would be. */
export function encode(text) {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

const scalar = (v) => (typeof v === 'string' ? v : JSON.stringify(v));

function multipartBody(schema, r, marker) {
  const boundary = `----fuzz${r.int(1e9)}`;
  const fields = valueFor(schema ?? { type: 'object', properties: {} }, r, marker);
  const names = [...Object.keys(fields && typeof fields === 'object' ? fields : {}), ...(r.chance(0.3) ? [`${marker}f`, 'x\u0000y'] : [])];
  const chunks = [];
  for (const name of names) {
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${scalar(fields?.[name] ?? r.pick(HOSTILE))}\r\n`);
  }
  const fileFields = ['photo', 'livePhoto', 'identityFront', 'identityBack', 'attachments', 'file', 'evidence', `${marker}file`];
  for (let i = 0; i < r.int(3); i++) {
    const filename = r.pick(['photo.jpg', 'a\u0000.jpg', '\ud800.png', `${marker}.pdf`, '../../x.png', '']);
    const content = r.pick([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
      Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      Buffer.from(`not an image ${marker}`),
      Buffer.alloc(0),
    ]);
    chunks.push(
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${r.pick(fileFields)}"; filename="${filename}"\r\nContent-Type: ${r.pick(['image/jpeg', 'application/pdf', 'text/plain'])}\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      ]),
    );
  }
  chunks.push(r.chance(0.95) ? `--${boundary}--\r\n` : `--${boundary}\r\nContent-Disp`);
  return { payload: Buffer.concat(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), contentType: `multipart/form-data; boundary=${boundary}` };
}

function pathValue(schema, r, marker) {
  return r.pick([
    String(r.int(50) + 1),
    '1',
    '0',
    '-1',
    '99999999999',
    'abc',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%E0%A4%A',
    encode(`${marker}\u0000`),
    'x'.repeat(250),
    '..%2F..%2Fetc',
    encode(String(valueFor(schema, r, marker))),
  ]);
}

/**
 * `count` requests over `operations`, each `{ method, url, headers, payload?, operation }`. `tokens` are
 * bearer tokens (of different roles) used on most requests.
 */
export function* generateRequests(operations, { count, seed = 1, tokens = [] }) {
  const r = rng(seed);
  for (let i = 0; i < count; i++) {
    const op = operations[i % operations.length];
    const marker = `${MARKER}${i}`;
    let url = op.path.replace(/\{(\w+)\}/g, (_, name) => {
      const p = op.pathParams.find((x) => x.name === name);
      return pathValue(p?.schema ?? {}, r, marker);
    });
    const query = [];
    for (const q of op.query) {
      if (q.required ? r.chance(0.9) : r.chance(0.5)) query.push(`${encode(q.name)}=${encode(scalar(valueFor(q.schema, r, marker)))}`);
    }
    if (r.chance(0.1)) query.push(r.pick(['%00=%00', `${marker}=1`, 'a=%ED%A0%80', 'page=-1', 'page[]=1&page[]=2', '%=%']));
    if (query.length) url += `?${query.join('&')}`;
    const headers = {};
    if (tokens.length && r.chance(0.85)) headers.authorization = `Bearer ${r.pick(tokens)}`;
    else if (r.chance(0.1)) headers.authorization = r.pick(['Bearer x.y.z', 'Bearer ', `Basic ${marker}`, 'Bearer \u00ff']);
    let payload;
    if (op.body?.kind === 'json' || (op.method !== 'GET' && op.method !== 'DELETE' && !op.mayBeMultipart && r.chance(0.2))) {
      const kind = r.int(20);
      if (kind < 13) {
        payload = JSON.stringify(valueFor(op.body?.schema ?? { type: 'object', properties: {} }, r, marker));
        headers['content-type'] = 'application/json';
      } else if (kind < 15) {
        payload = r.pick(['null', '[]', '"text"', '42', 'true', '{}']);
        headers['content-type'] = 'application/json';
      } else if (kind < 17) {
        payload = r.pick(['{"a":', '{"a":"\\u0000"}', '{"a":"\\ud800"}', `{"${marker}":1,}`, '\u0000', '{"__proto__":{"x":1}}']);
        headers['content-type'] = 'application/json';
      } else if (kind < 19) {
        const form = multipartBody(op.body?.schema, r, marker);
        payload = form.payload;
        headers['content-type'] = form.contentType;
      } else {
        payload = `${marker} plain`;
        headers['content-type'] = r.pick(['text/plain', 'application/xml', `application/${marker}`, 'application/json; charset=utf-16']);
      }
    } else if (op.body?.kind === 'multipart' || op.mayBeMultipart) {
      if (r.chance(0.85)) {
        const form = multipartBody(op.body?.schema, r, marker);
        payload = form.payload;
        headers['content-type'] = form.contentType;
      } else {
        payload = r.pick(['null', '{}', `${marker}`]);
        headers['content-type'] = r.pick(['application/json', 'text/plain', 'multipart/form-data']);
      }
    }
    yield { method: op.method, url, headers, payload, operation: `${op.method} ${op.path}`, marker };
  }
}

/** What is wrong with an answer: a 5xx, an error not in the format, or an error echoing the request. */
export function judge(request, status, contentType, body) {
  const problems = [];
  if (status >= 500) problems.push('5xx');
  if (status >= 400) {
    let parsed;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    const e = parsed?.error;
    if (!String(contentType ?? '').includes('application/json') || !e || typeof e.code !== 'string' || typeof e.message !== 'string') problems.push('format');
    if (body.includes(request.marker) || body.includes('\u0000')) problems.push('echo');
  }
  return problems;
}
