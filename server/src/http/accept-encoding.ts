/** The encoding a text answer is sent in: brotli, else gzip, as the request's Accept-Encoding allows; undefined for neither. */
export type Encoding = 'br' | 'gzip';

export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const offered = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [name, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { name: name!.trim(), q: q === undefined ? 1 : Number(q) };
    });
  const accepts = (name: string) => offered.some((o) => o.name === name && o.q > 0);
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
}
